/** Random identifiers of a boleto. */
export interface BoletoIds {
  /** The bank's free field of the barcode (25 digits): our sandbox "nosso número". */
  freeField(): string;
  /** Unguessable id of the printable page. */
  printToken(): string;
}

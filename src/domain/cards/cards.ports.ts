/** Recognises a card across payments without keeping its number: a keyed hash (HMAC) of the number. */
export interface CardFingerprinter {
  fingerprint(number: string): string;
}

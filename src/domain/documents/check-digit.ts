/**
 * Modulo-11 check digit shared by CPF and CNPJ: weighted sum of the values,
 * r = sum mod 11, digit = 0 if r < 2 else 11 - r.
 */
export function mod11CheckDigit(values: readonly number[], weights: readonly number[]): number {
  if (values.length !== weights.length) throw new Error('mod11CheckDigit: values and weights differ in length');
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]! * weights[i]!;
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Dots, dashes, slashes and whitespace: the punctuation people type in documents. */
export const stripDocumentPunctuation = (input: string): string => input.replace(/[.\-/\s]/g, '');

import { mod11CheckDigit, stripDocumentPunctuation } from './check-digit';

const DV1_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const DV2_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Strips punctuation and upper-cases letters (alphanumeric CNPJ, from July 2026). */
export const normalizeCnpj = (input: string): string => stripDocumentPunctuation(input).toUpperCase();

// ASCII code - 48: digits keep their value, A = 17 ... Z = 42.
const charValue = (ch: string): number => ch.charCodeAt(0) - 48;

/** Expects the normalized form: 12 chars in [0-9A-Z] followed by 2 numeric check digits. */
export function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value)) return false;
  if (/^(.)\1{13}$/.test(value)) return false;
  const values = [...value].map(charValue);
  const dv1 = mod11CheckDigit(values.slice(0, 12), DV1_WEIGHTS);
  const dv2 = mod11CheckDigit([...values.slice(0, 12), dv1], DV2_WEIGHTS);
  return values[12] === dv1 && values[13] === dv2;
}

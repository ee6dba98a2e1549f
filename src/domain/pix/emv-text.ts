/**
 * Merchant name and city must be ASCII: strip accents (NFD, then drop combining
 * marks), drop non-printable-ASCII characters, collapse whitespace to single
 * spaces, and truncate to maxLength. "São Paulo" -> "Sao Paulo".
 */
export function toEmvText(input: string, maxLength: number): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s/g, ' ')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trimEnd();
}

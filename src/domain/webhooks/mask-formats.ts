/**
 * Masking formats for personal data in webhook payloads. Every format hides the length
 * of what it hides where the length could help identify a person (names, e-mail local
 * parts), and keeps just enough for a receiver to recognise its own record.
 *
 *   kind      example in                              example out
 *   NAME      "João da Silva"                         "J*** *** ***"     first initial, "***" per word
 *   DOCUMENT  "529.982.247-25" / "12.ABC.345/01DE-35" "*********25" / "************35"
 *   EMAIL     "joao.silva@example.com"                "j***@example.com"
 *   PHONE     "+55 11 98765-4321"                     "*********4321"    last 4 digits
 *   EVP       "123e4567-e89b-12d3-a456-426614174000"  "********-****-****-****-********4000"
 *   FULL      anything                                "***"
 *
 * Documents keep only the LAST 2 characters (punctuation dropped, letters upper-cased,
 * one "*" per hidden character so CPF and CNPJ stay distinguishable by length). We do
 * not keep 4: a CPF's last 2 digits are check digits computed from the first 9, so
 * showing 4 would give away 2 real digits plus 2 equations on the rest.
 * Values too short to keep anything safely become "***".
 */
export type MaskKind = 'NAME' | 'DOCUMENT' | 'EMAIL' | 'PHONE' | 'PIX_KEY' | 'FULL';

export const FULLY_MASKED = '***';

const firstCodePoint = (s: string) => Array.from(s)[0] ?? '';

export function maskName(value: string): string {
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return FULLY_MASKED;
  return words.map((w, i) => (i === 0 ? firstCodePoint(w) + FULLY_MASKED : FULLY_MASKED)).join(' ');
}

export function maskDocument(value: string): string {
  const chars = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (chars.length < 8) return FULLY_MASKED;
  return '*'.repeat(chars.length - 2) + chars.slice(-2);
}

export function maskEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return FULLY_MASKED;
  return `${firstCodePoint(trimmed)}${FULLY_MASKED}@${trimmed.slice(at + 1)}`;
}

export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 8) return FULLY_MASKED;
  return '*'.repeat(digits.length - 4) + digits.slice(-4);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function maskEvp(value: string): string {
  const key = value.trim();
  if (!UUID.test(key)) return FULLY_MASKED;
  return key.slice(0, -4).replace(/[0-9a-f]/gi, '*') + key.slice(-4).toLowerCase();
}

export type PixKeyType = 'CPF' | 'CNPJ' | 'PHONE' | 'EMAIL' | 'EVP';

/**
 * A PIX key is masked by its type when the payload says it (`pixKeyType` beside it),
 * otherwise by what it looks like: "@" -> e-mail; UUID -> EVP; leading "+" -> phone;
 * 14 alphanumerics -> CNPJ; 11 digits -> CPF (also the length of a mobile number
 * without +55: the document format is the stricter of the two); 10 or 12-13 digits ->
 * phone; anything else -> "***".
 */
export function maskPixKey(value: string, declaredType?: unknown): string {
  switch (declaredType) {
    case 'CPF':
    case 'CNPJ':
      return maskDocument(value);
    case 'PHONE':
      return maskPhone(value);
    case 'EMAIL':
      return maskEmail(value);
    case 'EVP':
      return maskEvp(value);
  }
  const key = value.trim();
  if (key.includes('@')) return maskEmail(key);
  if (UUID.test(key)) return maskEvp(key);
  if (key.startsWith('+')) return maskPhone(key);
  const alnum = key.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (alnum.length === 14) return maskDocument(key);
  const digits = key.replace(/\D/g, '');
  if (digits.length === alnum.length && digits.length === 11) return maskDocument(key);
  if (digits.length === alnum.length && digits.length >= 10 && digits.length <= 13) return maskPhone(key);
  return FULLY_MASKED;
}

/** Masks one primitive value of the given kind; `siblings` is the object holding it. */
export function maskAs(kind: MaskKind, value: string, siblings?: Readonly<Record<string, unknown>>): string {
  switch (kind) {
    case 'NAME':
      return maskName(value);
    case 'DOCUMENT':
      return maskDocument(value);
    case 'EMAIL':
      return maskEmail(value);
    case 'PHONE':
      return maskPhone(value);
    case 'PIX_KEY':
      return maskPixKey(value, siblings?.['pixKeyType']);
    case 'FULL':
      return FULLY_MASKED;
  }
}

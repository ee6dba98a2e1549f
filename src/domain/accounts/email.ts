import { validationError } from '../shared/errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The one form of an e-mail address that sign-up stores, log-in looks up and the
 * brute-force guard counts against, so no spelling of the same address escapes any of
 * them. NFKC (not NFC) so that compatibility forms also collapse: a full-width
 * "ｍe@example.com", a ligature or a decomposed accent is the same account as its plain
 * form, not a second account nor a fresh lockout key. Lowercased after NFKC (which can
 * yield capitals, as "ℌ" gives "H"), normalised again, then trimmed: applying it twice
 * changes nothing.
 */
export function canonicalEmail(raw: string): string {
  return raw.normalize('NFKC').toLowerCase().normalize('NFKC').trim();
}

/** The canonical e-mail, refused with INVALID_EMAIL unless it has the shape of an address. */
export function normalizeEmail(raw: string): string {
  const email = canonicalEmail(raw);
  if (email.length > 254 || !EMAIL.test(email)) throw validationError('INVALID_EMAIL', 'e-mail is not valid');
  return email;
}

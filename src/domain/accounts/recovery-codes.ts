import { randomInt } from 'node:crypto';

/** Crockford's base32 alphabet: no I, L, O or U to misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_COUNT = 10;
/** 16 characters of 5 bits: 80 random bits, so a fast digest is enough to store them. */
const LENGTH = 16;
const SHAPE = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/**
 * Fresh recovery codes for a lost phone, as shown to the user once: four groups of four
 * characters (`7Q2M-K9XD-4WTA-0PHB`).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/**
 * A recovery code as typed (any case, with or without hyphens or spaces) in the one form
 * whose digest is stored; null when it cannot be one.
 */
export function canonicalRecoveryCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return SHAPE.test(code) ? code : null;
}

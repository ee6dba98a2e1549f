import { validationError } from '../shared/errors';
import { isLuhnValid } from './luhn';

/** The card as sent by the payer's checkout. Lives in memory for one request only: never stored, never logged. */
export interface CardInput {
  number: string;
  holderName: string;
  expMonth: number;
  expYear: number;
  cvv: string;
}

export const CARD_LIMITS = { minInstallments: 1, maxInstallments: 12, holderNameMax: 120 } as const;

const bad = (code: string, message: string, field: string) => validationError(code, message, { field });
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function intField(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,4}$/.test(v)) return Number(v);
  return null;
}

/**
 * Validates `card` (shape only; the expiry is compared with the clock by
 * `assertNotExpired`). Messages never repeat the number or the CVV.
 */
export function parseCardInput(v: unknown): CardInput {
  if (v === undefined || v === null) throw bad('CARD_REQUIRED', 'card is required for paymentMethod CARD', 'card');
  if (!isPlainObject(v)) throw bad('INVALID_CARD', 'card must be an object {number, holderName, expMonth, expYear, cvv}', 'card');
  if (v.number === undefined || v.number === null || v.number === '') throw bad('CARD_NUMBER_REQUIRED', 'card.number is required', 'card.number');
  const number = typeof v.number === 'string' ? v.number.replace(/[\s-]/g, '') : '';
  if (!/^\d{12,19}$/.test(number) || !isLuhnValid(number)) {
    throw bad('INVALID_CARD_NUMBER', 'card.number must be 12 to 19 digits with a valid check digit (Luhn)', 'card.number');
  }
  const holder = typeof v.holderName === 'string' ? v.holderName.trim() : '';
  if (v.holderName === undefined || v.holderName === null || holder.length === 0) throw bad('CARD_HOLDER_REQUIRED', 'card.holderName is required', 'card.holderName');
  if (holder.length > CARD_LIMITS.holderNameMax || !/\p{L}/u.test(holder)) {
    throw bad('INVALID_CARD_HOLDER', `card.holderName must contain letters and have at most ${CARD_LIMITS.holderNameMax} characters`, 'card.holderName');
  }
  const expMonth = intField(v.expMonth);
  if (expMonth === null || expMonth < 1 || expMonth > 12) throw bad('INVALID_CARD_EXPIRY', 'card.expMonth must be 1 to 12', 'card.expMonth');
  let expYear = intField(v.expYear);
  if (expYear !== null && expYear < 100) expYear += 2000;
  if (expYear === null || expYear < 2000 || expYear > 2199) throw bad('INVALID_CARD_EXPIRY', 'card.expYear must be a year (YYYY or YY)', 'card.expYear');
  const cvv = typeof v.cvv === 'string' || typeof v.cvv === 'number' ? String(v.cvv) : '';
  if (!/^\d{3}$/.test(cvv)) throw bad('INVALID_CARD_CVV', 'card.cvv must be exactly 3 digits', 'card.cvv');
  return { number, holderName: holder, expMonth, expYear, cvv };
}

/** A card is valid through the last day of its expiry month (UTC). */
export function assertNotExpired(card: Pick<CardInput, 'expMonth' | 'expYear'>, now: Date): void {
  const firstDayAfter = Date.UTC(card.expYear, card.expMonth, 1);
  if (now.getTime() >= firstDayAfter) throw bad('INVALID_CARD_EXPIRY', 'the card has expired (expMonth/expYear in the past)', 'card.expYear');
}

export function parseInstallments(v: unknown): number {
  if (v === undefined || v === null) return 1;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < CARD_LIMITS.minInstallments || v > CARD_LIMITS.maxInstallments) {
    throw bad('INVALID_INSTALLMENTS', `installments must be an integer from ${CARD_LIMITS.minInstallments} to ${CARD_LIMITS.maxInstallments}`, 'installments');
  }
  return v;
}

export interface CardFields {
  card: CardInput;
  installments: number;
}

/** `card` and `installments` of a CARD create. */
export function parseCardFields(body: Record<string, unknown>): CardFields {
  return { card: parseCardInput(body.card), installments: parseInstallments(body.installments) };
}

/**
 * The create's body as the idempotency store fingerprints it: the card number and CVV
 * replaced by keyed hashes, so not even a hash that could be brute-forced from the
 * small space of card numbers is stored. Same card and CVV give the same fingerprint.
 */
export function withoutCardSecrets(body: unknown, fingerprint: (value: string) => string): unknown {
  if (!isPlainObject(body) || !isPlainObject(body.card)) return body;
  const card = { ...body.card };
  if (card.number !== undefined) card.number = fingerprint(`number:${String(card.number).replace(/[\s-]/g, '')}`);
  if (card.cvv !== undefined) card.cvv = fingerprint(`cvv:${String(card.cvv)}`);
  return { ...body, card };
}

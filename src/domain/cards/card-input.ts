import { z } from 'zod';
import { validationError } from '../shared/errors';
import { preprocess, transform } from '../shared/zod-effects';
import { coded, codedMessage, parseWith } from '../shared/zod-input';
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

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const expiry = (message: string) => coded('INVALID_CARD_EXPIRY', message);

/** A number, or a string of 1 to 4 digits read as one (`"07"`); anything else is left for the number check to refuse. */
const digitsAsNumber = (v: unknown) => (typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v);

const CARD_NUMBER_REQUIRED = codedMessage('CARD_NUMBER_REQUIRED', 'card.number is required');
const INVALID_CARD_NUMBER = codedMessage('INVALID_CARD_NUMBER', 'card.number must be 12 to 19 digits with a valid check digit (Luhn)');
const CARD_HOLDER_REQUIRED = codedMessage('CARD_HOLDER_REQUIRED', 'card.holderName is required');
const INVALID_CARD_HOLDER = codedMessage('INVALID_CARD_HOLDER', `card.holderName must contain letters and have at most ${CARD_LIMITS.holderNameMax} characters`);
const INVALID_EXP_YEAR = 'card.expYear must be a year (YYYY or YY)';

/**
 * `card` (shape only; the expiry is compared with the clock by `assertNotExpired`),
 * checked in this order: present, an object, number, holderName, expMonth, expYear,
 * cvv. Messages never repeat the number or the CVV. Unknown keys are refused (UNKNOWN_FIELD).
 */
export const CardRequest = z.object(
  {
    number: transform(
      z.string({ errorMap: (_i, ctx) => ({ message: ctx.data === undefined || ctx.data === null ? CARD_NUMBER_REQUIRED : INVALID_CARD_NUMBER }) }),
      (v, ctx) => {
        if (v === '') return fail(ctx, CARD_NUMBER_REQUIRED);
        const number = v.replace(/[\s-]/g, '');
        return /^\d{12,19}$/.test(number) && isLuhnValid(number) ? number : fail(ctx, INVALID_CARD_NUMBER);
      },
    ).describe('12 to 19 digits (spaces and dashes ignored), Luhn-valid'),
    holderName: z
      .string({ errorMap: () => ({ message: CARD_HOLDER_REQUIRED }) })
      .trim()
      .min(1, { message: CARD_HOLDER_REQUIRED })
      .max(CARD_LIMITS.holderNameMax, { message: INVALID_CARD_HOLDER })
      .regex(/\p{L}/u, { message: INVALID_CARD_HOLDER }),
    expMonth: preprocess(digitsAsNumber, z.number(expiry('card.expMonth must be 1 to 12')).int().min(1).max(12)),
    expYear: transform(preprocess(digitsAsNumber, z.number(expiry(INVALID_EXP_YEAR)).int()), (y, ctx) => {
      const year = y < 100 ? y + 2000 : y;
      return year >= 2000 && year <= 2199 ? year : fail(ctx, codedMessage('INVALID_CARD_EXPIRY', INVALID_EXP_YEAR));
    }).describe('YYYY or YY'),
    cvv: preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string(coded('INVALID_CARD_CVV', 'card.cvv must be exactly 3 digits')).regex(/^\d{3}$/)),
  },
  {
    errorMap: (_i, ctx) => ({
      message:
        ctx.data === undefined || ctx.data === null
          ? codedMessage('CARD_REQUIRED', 'card is required for paymentMethod CARD')
          : codedMessage('INVALID_CARD', 'card must be an object {number, holderName, expMonth, expYear, cvv}'),
    }),
  },
).strict();

function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
}

const CardAlone = z.object({ card: CardRequest });

/** Validates `card` alone (errors name `card.*`). */
export function parseCardInput(v: unknown): CardInput {
  return parseWith(CardAlone, { card: v }).card;
}

/** A card is valid through the last day of its expiry month (UTC). */
export function assertNotExpired(card: Pick<CardInput, 'expMonth' | 'expYear'>, now: Date): void {
  const firstDayAfter = Date.UTC(card.expYear, card.expMonth, 1);
  if (now.getTime() >= firstDayAfter) throw validationError('INVALID_CARD_EXPIRY', 'the card has expired (expMonth/expYear in the past)', { field: 'card.expYear' });
}

/** `installments` of a CARD create: 1 when absent. */
export const Installments = z
  .number(coded('INVALID_INSTALLMENTS', `installments must be an integer from ${CARD_LIMITS.minInstallments} to ${CARD_LIMITS.maxInstallments}`))
  .int()
  .min(CARD_LIMITS.minInstallments)
  .max(CARD_LIMITS.maxInstallments)
  .nullish()
  .describe('CARD: default 1');

export interface CardFields {
  card: CardInput;
  installments: number;
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

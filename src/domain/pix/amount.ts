import { validationError } from '../shared/errors';
import type { Cents } from '../shared/money';

/** Field 54 holds at most 13 characters: 9999999999.99. */
export const MAX_BR_CODE_AMOUNT_CENTS = 999_999_999_999;

/** Integer cents -> "12.50", by integer arithmetic only. */
export function formatBrCodeAmount(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 1 || cents > MAX_BR_CODE_AMOUNT_CENTS) {
    throw validationError('INVALID_AMOUNT', `amount must be an integer from 1 to ${MAX_BR_CODE_AMOUNT_CENTS} cents`, {
      field: 'amount',
    });
  }
  const fraction = cents % 100;
  const whole = (cents - fraction) / 100; // exact: a multiple of 100 divided by 100
  return `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** "12.5" / "12.50" / "12" -> integer cents, without going through a float. */
export function parseBrCodeAmount(text: string): Cents {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match || text.length > 13) {
    throw validationError('INVALID_AMOUNT', `"${text}" is not a BR Code amount`, { field: 'amount' });
  }
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

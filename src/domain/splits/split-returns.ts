import { DomainError } from '../shared/errors';

const refused = (code: string, message: string, details: Record<string, unknown>) => new DomainError(code, message, 'UNPROCESSABLE', details);
import type { Cents } from '../shared/money';
import { proRata } from './pro-rata';
import type { PartyDebit, PartyShare } from './split.types';

/** An explicit part of a refund for one recipient (the marketplace bears what the parts leave). */
export interface ExplicitRefundPart {
  recipientId: string;
  amount: Cents;
}

/**
 * What each party gives back for one refund or return of `amount` cents of a split
 * charge. `returned` holds what each party already gave back for this charge (refunds
 * and returns before this one). Each party gives back at most what is left of its part
 * (`gross - returned`), so a full refund, or the last of several, reverses every part
 * exactly, and the fees stay where they were (as for a single seller, the fee is not returned).
 * - Without `explicit`: pro rata of what is left of each part (`proRata`: rounded down,
 *   leftover cents one each from the marketplace onwards).
 * - With `explicit`: each named recipient gives back its amount; the marketplace the rest.
 * Parties that give back nothing are left out. Throws a 4xx naming the part at fault.
 */
export function allocateReturn(i: { shares: readonly PartyShare[]; returned: ReadonlyMap<string, Cents>; amount: Cents; explicit?: readonly ExplicitRefundPart[] | null }): PartyDebit[] {
  const left = i.shares.map((s) => s.gross - (i.returned.get(s.sellerId) ?? 0));
  const total = left.reduce((s, v) => s + v, 0);
  if (!Number.isSafeInteger(i.amount) || i.amount <= 0 || i.amount > total) {
    throw refused('REFUND_EXCEEDS_REMAINING', `refund of ${i.amount} cents is more than the ${total} cents left of the charge`, { field: 'amount' });
  }
  const parts = i.explicit && i.explicit.length > 0 ? explicitParts(i.shares, left, i.amount, i.explicit) : proRata(i.amount, left);
  return i.shares.map((s, k) => ({ sellerId: s.sellerId, amount: parts[k]! })).filter((p) => p.amount > 0);
}

function explicitParts(shares: readonly PartyShare[], left: Cents[], amount: Cents, explicit: readonly ExplicitRefundPart[]): Cents[] {
  const parts = shares.map(() => 0);
  for (const [n, e] of explicit.entries()) {
    const at = `splits[${n}]`;
    const k = shares.findIndex((s) => s.role === 'RECIPIENT' && s.sellerId === e.recipientId);
    if (k < 0) throw refused('SPLIT_REFUND_UNKNOWN_RECIPIENT', `${at}: ${e.recipientId} is not a recipient of this charge`, { field: `${at}.recipientId` });
    if (parts[k]! > 0) throw refused('SPLIT_DUPLICATE_RECIPIENT', `${at}: recipient ${e.recipientId} appears twice`, { field: `${at}.recipientId` });
    if (!Number.isSafeInteger(e.amount) || e.amount <= 0 || e.amount > left[k]!) {
      throw refused('SPLIT_REFUND_EXCEEDS_SHARE', `${at}: ${e.amount} cents is not between 1 and the ${left[k]} cents left of this recipient's part`, {
        field: `${at}.amount`,
      });
    }
    parts[k] = e.amount;
  }
  const marketplace = amount - parts.reduce((s, v) => s + v, 0);
  if (marketplace < 0 || marketplace > left[0]!) {
    throw refused('SPLIT_REFUND_EXCEEDS_SHARE', `the recipients' parts leave ${marketplace} cents to the marketplace, which has ${left[0]} cents left of its part`, {
      field: 'splits',
    });
  }
  parts[0] = marketplace;
  return parts;
}

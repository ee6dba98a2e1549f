import type { Cents } from '../shared/money';
import type { SplitShareCause } from './split-share-event-names';

/** One recipient's part of a split charge after a change, and the change itself. */
export interface SplitShareChange {
  transactionId: string;
  marketplaceId: string;
  marketplaceName: string;
  recipientId: string;
  end2endId: string | null;
  gross: Cents;
  fee: Cents;
  /** Cents given back so far, this change included. */
  returned: Cents;
  cause: SplitShareCause;
  /** Cents this change moved: credited (PAYMENT, REFUND_NOT_MADE, CHARGEBACK_REVERSED) or given back. */
  amount: Cents;
  occurredAt: Date;
}

/**
 * What a recipient's SPLIT_SHARE_* events carry (webhook body and live subscription): its
 * own part, the charge id, the payment's end-to-end id and the marketplace; nothing of the
 * buyer, the charge's amount or another party's part. Absent fields omitted, never null.
 */
export function splitShareChangeView(c: SplitShareChange) {
  return {
    transactionId: c.transactionId,
    marketplaceId: c.marketplaceId,
    marketplaceName: c.marketplaceName,
    recipientId: c.recipientId,
    ...(c.end2endId ? { end2endId: c.end2endId } : {}),
    gross: c.gross,
    fee: c.fee,
    returned: c.returned,
    cause: c.cause,
    amount: c.amount,
    occurredAt: c.occurredAt.toISOString(),
  };
}

import type { TransactionEventName } from '../events/event-catalogue';
import { recordChange } from '../events/record-change';
import type { Outbox } from '../events/outbox';
import type { LiveEvents } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import { transactionView } from './transaction-view';
import type { Transaction } from './transaction.types';

/** Writes TRANSACTION_* events to the outbox in tx and pushes the live update after commit. */
export async function emitTransactionEvents(
  deps: { outbox: Outbox; live: LiveEvents },
  tx: Tx,
  t: Transaction,
  eventTypes: readonly TransactionEventName[],
  failedRefund?: { id: string; amount: number; reason: string | null },
): Promise<void> {
  // The webhook body and the live update are the view as GET answers it (the QR image is a URL).
  const payload = transactionView(t);
  await recordChange(deps, tx, {
    type: 'TRANSACTION',
    resource: t,
    view: payload,
    events: eventTypes,
    payloadOf: (eventType, view) => {
      if (eventType === 'TRANSACTION_PARTIALLY_REFUNDED') return { ...view, refundType: 'PARTIAL' };
      if (eventType === 'TRANSACTION_REFUND_FAILED' && failedRefund) {
        const withRefund = { ...view, failedRefund };
        return withRefund;
      }
      return view;
    },
  });
}

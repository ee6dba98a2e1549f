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
): Promise<void> {
  // The webhook body and the live update are the view as GET answers it (the QR image is a URL).
  const payload = transactionView(t);
  await recordChange(deps, tx, {
    type: 'TRANSACTION',
    resource: t,
    view: payload,
    events: eventTypes,
    payloadOf: (eventType, view) => (eventType === 'TRANSACTION_PARTIALLY_REFUNDED' ? { ...view, refundType: 'PARTIAL' } : view),
  });
}

import type { Outbox } from '../events/outbox';
import type { LiveEvents } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import { transactionEventPayload, transactionView } from './transaction-view';
import type { Transaction } from './transaction.types';

/** Writes TRANSACTION_* events to the outbox in tx and pushes the live update after commit. */
export async function emitTransactionEvents(
  deps: { outbox: Outbox; live: LiveEvents },
  tx: Tx,
  t: Transaction,
  eventTypes: string[],
): Promise<void> {
  const payload = transactionEventPayload(t);
  for (const eventType of eventTypes) {
    await deps.outbox.append(tx, {
      eventType,
      sellerId: t.sellerId,
      aggregateType: 'TRANSACTION',
      aggregateId: t.id,
      payload: eventType === 'TRANSACTION_PARTIALLY_REFUNDED' ? { ...payload, refundType: 'PARTIAL' } : payload,
      occurredAt: t.updatedAt,
    });
  }
  const view = transactionView(t);
  tx.afterCommit(() => deps.live.publish({ topic: 'TRANSACTION_UPDATED', sellerId: t.sellerId, resourceId: t.id, payload: view }));
}

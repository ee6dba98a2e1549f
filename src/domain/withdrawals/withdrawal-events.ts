import type { Outbox } from '../events/outbox';
import type { LiveEvents } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import { withdrawalDetailView } from './withdrawal-view';
import type { Withdrawal } from './withdrawal.types';

/**
 * Writes one WITHDRAWAL_* event to the outbox in tx, with the withdrawal as it is now
 * (the detail view: SPEC fields plus fees), and pushes the same view to live
 * subscribers after commit.
 */
export async function emitWithdrawalEvent(deps: { outbox: Outbox; live: LiveEvents }, tx: Tx, w: Withdrawal, eventType: string): Promise<void> {
  const payload = withdrawalDetailView(w);
  await deps.outbox.append(tx, {
    eventType,
    sellerId: w.sellerId,
    aggregateType: 'WITHDRAWAL',
    aggregateId: w.id,
    payload,
    occurredAt: w.updatedAt,
  });
  tx.afterCommit(() => deps.live.publish({ topic: 'WITHDRAWAL_UPDATED', sellerId: w.sellerId, resourceId: w.id, payload }));
}

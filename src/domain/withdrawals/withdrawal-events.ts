import type { WithdrawalEventName } from '../events/event-catalogue';
import { recordChange } from '../events/record-change';
import type { Outbox } from '../events/outbox';
import type { LiveEvents } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import { withdrawalDetailView, type WithdrawalDetailView } from './withdrawal-view';
import type { Withdrawal } from './withdrawal.types';

/**
 * Writes one WITHDRAWAL_* event to the outbox in tx, with the withdrawal as it is now
 * (the detail view: SPEC fields plus fees), and pushes the same view to live
 * subscribers after commit. Returns that view.
 */
export async function emitWithdrawalEvent(deps: { outbox: Outbox; live: LiveEvents }, tx: Tx, w: Withdrawal, eventType: WithdrawalEventName): Promise<WithdrawalDetailView> {
  const payload = withdrawalDetailView(w);
  await recordChange(deps, tx, { type: 'WITHDRAWAL', resource: w, view: payload, events: [eventType] });
  return payload;
}

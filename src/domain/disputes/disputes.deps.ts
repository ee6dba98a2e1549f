import type { SplitCharges } from '../splits/split-charges';
import type { Outbox } from '../events/outbox';
import { recordChange } from '../events/record-change';
import type { Scheduler } from '../jobs/scheduler';
import type { LedgerService } from '../ledger/ledger.service';
import type { SellerDebtStore } from '../ledger/seller-debt.ports';
import type { Clock } from '../shared/clock';
import type { LiveEvents } from '../shared/live-events';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import type { TransactionRepository } from '../transactions/transactions.ports';
import type { Transaction } from '../transactions/transaction.types';
import { disputeEventNames } from './dispute-events';
import { disputeView } from './dispute-view';
import type { Dispute, DisputeRepository } from './dispute.types';

/** What the dispute use cases share. */
export interface DisputesDeps {
  uow: UnitOfWork;
  disputes: DisputeRepository;
  transactions: TransactionRepository;
  ledger: Pick<LedgerService, 'postEntry'>;
  debts: SellerDebtStore;
  outbox: Outbox;
  live: LiveEvents;
  scheduler: Scheduler;
  clock: Clock;
  newId: () => string;
  /** How long a seller has to appeal an OPEN dispute before it is decided for the buyer. */
  appealWindowMs: number;
  /** Marketplaces: a MED return or a lost contestation of a split charge is given back by every party (and a reversed MED return comes back to each). */
  splits?: Pick<SplitCharges, 'chargeback' | 'chargebackReversed' | 'contestedPart' | 'disputeLost'>;
}

/** What is disputed: paid minus already refunded (0 when nothing was paid). */
export const disputedAmount = (t: Transaction): number => (t.paidAt ? Math.max(0, t.amount - t.refundedAmount) : 0);

/** Writes the events of the dispute entering its current status, and its live update. */
export async function emitDisputeEvents(deps: Pick<DisputesDeps, 'outbox' | 'live'>, tx: Tx, d: Dispute): Promise<void> {
  const payload = disputeView(d);
  await recordChange(deps, tx, { type: 'DISPUTE', resource: d, view: payload, events: disputeEventNames(d.status, d.origin) });
}

import type { SplitCharges } from '../../domain/splits/split-charges';
import { createId } from '@paralleldrive/cuid2';
import { DisputeDecisions } from '../../domain/disputes/dispute-decisions';
import { DisputeQueries } from '../../domain/disputes/dispute-queries';
import { disputeJobs } from '../../domain/disputes/dispute-jobs';
import { DisputeProtectiveReports } from '../../domain/disputes/protective-reports';
import type { LedgerService } from '../../domain/ledger/ledger.service';
import type { SellerDebtStore } from '../../domain/ledger/seller-debt.ports';
import { PgDisputeRepository } from '../../infra/disputes/pg-dispute-repository';
import { AppealDisputeService } from '../../domain/disputes/appeal-dispute';
import { wireEvidenceStorage } from './evidence-storage';
import { transactionRepository } from './transactions';
import type { Platform } from './platform';

/** Disputes and MED: the money of protective reports, decisions and the appeal-window job. */
export function wireDisputes(p: Platform, deps: { ledger: LedgerService; debts: SellerDebtStore; splits?: SplitCharges }) {
  const disputeRepository = new PgDisputeRepository(p.sql);
  const storage = wireEvidenceStorage(p);
  const d = {
    uow: p.uow,
    disputes: disputeRepository,
    transactions: transactionRepository(p),
    ledger: deps.ledger,
    debts: deps.debts,
    splits: deps.splits,
    outbox: p.outbox,
    live: p.live,
    scheduler: p.scheduler,
    clock: p.clock,
    newId: createId,
    appealWindowMs: p.config.DISPUTE_APPEAL_WINDOW_HOURS * 3_600_000,
    evidence: storage.evidence,
  };
  const disputeDecisions = new DisputeDecisions(d);
  p.jobs.registerAll(disputeJobs({ closeAppealWindow: (id) => disputeDecisions.closeAppealWindow(id), sweepEvidenceObjects: () => storage.pendingObjects.sweep() }));
  return {
    protectiveReports: new DisputeProtectiveReports(d),
    disputeDecisions,
    disputeRepository,
    disputeQueries: new DisputeQueries(d),
    appealDispute: new AppealDisputeService(d),
    /** Evidence objects the erasure queues for deletion. */
    evidenceObjects: storage.pendingObjects,
  };
}

import { createId } from '@paralleldrive/cuid2';
import type { TwoFactorService } from '../../domain/accounts/two-factor.service';
import type { LedgerService } from '../../domain/ledger/ledger.service';
import { InstitutionPayoutReportsService } from '../../domain/withdrawals/institution-payout-reports.service';
import { withdrawalJobs } from '../../domain/withdrawals/withdrawal-jobs';
import { WithdrawalsService } from '../../domain/withdrawals/withdrawals.service';
import { sandboxPayoutJobs } from '../../infra/institution/sandbox-jobs';
import { SandboxPayouts } from '../../infra/institution/sandbox-payouts';
import { UnconfiguredInstitution } from '../../infra/institution/unconfigured-institution';
import { PgWithdrawalRepository } from '../../infra/withdrawals/pg-withdrawal-repository';
import type { Platform } from './platform';

/** Withdrawals (PIX payouts): use cases, the payout side of the institution and their durable jobs. */
export function wireWithdrawals(p: Platform, deps: { ledger: LedgerService; twoFactor: TwoFactorService }) {
  const { uow, clock, scheduler, outbox, live, jobs, logger } = p;
  const repo = new PgWithdrawalRepository(p.sql);
  const withdrawalReports = new InstitutionPayoutReportsService({ uow, repo, ledger: deps.ledger, outbox, live, clock });
  const sandboxPayouts = new SandboxPayouts({ uow, scheduler, clock, logger, report: (r) => withdrawalReports.apply(r) });
  const withdrawals = new WithdrawalsService({
    uow,
    repo,
    ledger: deps.ledger,
    outbox,
    live,
    scheduler,
    twoFactor: deps.twoFactor,
    // Real institution adapters plug in here; until one exists production refuses payouts.
    institution: p.config.MODE === 'sandbox' ? sandboxPayouts : new UnconfiguredInstitution(),
    clock,
    newId: createId,
  });

  jobs.registerAll(withdrawalJobs(withdrawals));
  jobs.registerAll(sandboxPayoutJobs(sandboxPayouts));

  return { withdrawals, withdrawalReports };
}

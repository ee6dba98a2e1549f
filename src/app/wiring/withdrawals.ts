import { createId } from '@paralleldrive/cuid2';
import type { TwoFactorService } from '../../domain/accounts/two-factor.service';
import type { LedgerService } from '../../domain/ledger/ledger.service';
import { WithdrawalReportsService } from '../../domain/withdrawals/withdrawal-reports.service';
import { JOB_SUBMIT_PAYOUT, WithdrawalsService } from '../../domain/withdrawals/withdrawals.service';
import { JOB_SANDBOX_PAYOUT_STEP, SandboxPayouts, type SandboxPayoutStep } from '../../infra/institution/sandbox-payouts';
import { UnconfiguredInstitution } from '../../infra/institution/unconfigured-institution';
import { PgWithdrawalRepository } from '../../infra/withdrawals/pg-withdrawal-repository';
import type { Platform } from './platform';

const str = (v: unknown): string => {
  if (typeof v !== 'string') throw new Error('job payload is missing a string field');
  return v;
};

/** Withdrawals (PIX payouts): use cases, the payout side of the institution and their durable jobs. */
export function wireWithdrawals(p: Platform, deps: { ledger: LedgerService; twoFactor: TwoFactorService }) {
  const { uow, clock, scheduler, outbox, live, jobs, logger } = p;
  const repo = new PgWithdrawalRepository(p.sql);
  const withdrawalReports = new WithdrawalReportsService({ uow, repo, ledger: deps.ledger, outbox, live, clock });
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

  jobs.register(JOB_SUBMIT_PAYOUT, async (payload) => {
    await withdrawals.submit(str(payload.withdrawalId));
  });
  jobs.register(JOB_SANDBOX_PAYOUT_STEP, async (payload) => {
    const steps = Array.isArray(payload.steps) ? (payload.steps as SandboxPayoutStep[]) : [];
    await sandboxPayouts.runStep({ withdrawalId: str(payload.withdrawalId), steps, index: Number(payload.index) });
  });

  return { withdrawals, withdrawalReports };
}

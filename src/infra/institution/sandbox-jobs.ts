import type { JobRerun } from '../../domain/jobs/scheduler';
import type { Clock } from '../../domain/shared/clock';
import { jobKind, jobSet, stringField, type JobSet } from '../../domain/jobs/job-kinds';
import type { WithdrawalStatus } from '../../domain/withdrawals/withdrawal-status';

/** One simulated payout report: the status and, for failures, the reason given. */
export interface SandboxPayoutStep {
  status: WithdrawalStatus;
  reason?: string;
}

/** The simulated institution's own timers: the payer who pays, the payout reports that follow one another. */
export const SANDBOX_JOBS = {
  autopay: jobKind('sandbox.autopay', (p) => ({ transactionId: stringField(p, 'transactionId') }), { sideBySide: true }),
  payoutStep: jobKind('sandbox.payout-step', (p) => ({
    withdrawalId: stringField(p, 'withdrawalId'),
    steps: Array.isArray(p.steps) ? (p.steps as SandboxPayoutStep[]) : [],
    index: Number(p.index),
  })),
};

const { autopay, payoutStep } = SANDBOX_JOBS;

export function sandboxPaymentJobs(d: {
  clock: Clock;
  pay(transactionId: string, at: Date, reportId: string): Promise<unknown>;
  /** True when the charge is paid already (or past it): the payer does not pay it again, and its report would change nothing. */
  paid(transactionId: string): Promise<boolean>;
}): JobSet<{ autopay: typeof autopay }> {
  return jobSet(
    { autopay },
    {
      autopay: async ({ transactionId }) => {
        if (await d.paid(transactionId)) return;
        await d.pay(transactionId, d.clock.now(), `sandbox-autopay:${transactionId}`);
      },
    },
  );
}

export function sandboxPayoutJobs(d: { runStep(step: { withdrawalId: string; steps: SandboxPayoutStep[]; index: number }): Promise<void | JobRerun> }): JobSet<{ payoutStep: typeof payoutStep }> {
  return jobSet({ payoutStep }, { payoutStep: (step) => d.runStep(step) });
}

import type { JobRerun, Scheduler } from '../../domain/jobs/scheduler';
import type { Clock } from '../../domain/shared/clock';
import type { Tx, UnitOfWork } from '../../domain/shared/unit-of-work';
import type { PayoutInstitution, PayoutOrder, PayoutReport } from '../../domain/withdrawals/withdrawals.ports';
import type { Logger } from '../log/logger';
import { sandboxEndToEndId } from './sandbox-institution';
import { SANDBOX_JOBS, type SandboxPayoutStep } from './sandbox-jobs';

/** Time between two simulated institution reports. */
export const SANDBOX_PAYOUT_STEP_MS = 1_000;

/** What the simulated institution does with a payout. */
export type SandboxPayoutOutcome = 'PAID' | 'REJECTED' | 'FAILED' | 'BLOCKED_REJECTED' | 'BLOCKED_PAID' | 'RETURNED' | 'KEY_NOT_FOUND';

/**
 * Documented magic values (docs/integrate/withdrawals.md, Sandbox). The outcome is picked by
 * the cents of the amount, or by the PIX key (EVP or e-mail); any other payout is paid.
 */
export const SANDBOX_PAYOUT_MAGIC = {
  byCents: { 1: 'REJECTED', 2: 'FAILED', 3: 'BLOCKED_REJECTED', 4: 'BLOCKED_PAID', 5: 'RETURNED', 6: 'KEY_NOT_FOUND' } as Record<number, SandboxPayoutOutcome>,
  byKey: {
    '00000000-0000-0000-0000-000000000001': 'REJECTED',
    '00000000-0000-0000-0000-000000000002': 'FAILED',
    '00000000-0000-0000-0000-000000000003': 'BLOCKED_REJECTED',
    '00000000-0000-0000-0000-000000000004': 'BLOCKED_PAID',
    '00000000-0000-0000-0000-000000000005': 'RETURNED',
    '00000000-0000-0000-0000-000000000006': 'KEY_NOT_FOUND',
    'rejected@payout.test': 'REJECTED',
    'failed@payout.test': 'FAILED',
    'blocked@payout.test': 'BLOCKED_REJECTED',
    'blocked-approved@payout.test': 'BLOCKED_PAID',
    'returned@payout.test': 'RETURNED',
    'key-not-found@payout.test': 'KEY_NOT_FOUND',
  } as Record<string, SandboxPayoutOutcome>,
} as const;

export function sandboxPayoutOutcome(order: Pick<PayoutOrder, 'amount' | 'pixKey'>): SandboxPayoutOutcome {
  return SANDBOX_PAYOUT_MAGIC.byKey[order.pixKey] ?? SANDBOX_PAYOUT_MAGIC.byCents[order.amount % 100] ?? 'PAID';
}

/** The reports the simulated institution sends, one per SANDBOX_PAYOUT_STEP_MS. */
export function sandboxPayoutScript(outcome: SandboxPayoutOutcome): SandboxPayoutStep[] {
  const paid: SandboxPayoutStep[] = [{ status: 'APPROVED' }, { status: 'PROCESSING' }, { status: 'PAID' }];
  switch (outcome) {
    case 'PAID':
      return paid;
    case 'REJECTED':
      return [{ status: 'REJECTED', reason: 'sandbox: rejected by the risk analysis' }];
    case 'FAILED':
      return [{ status: 'APPROVED' }, { status: 'PROCESSING' }, { status: 'FAILED', reason: 'sandbox: the receiving institution did not answer' }];
    case 'BLOCKED_REJECTED':
      return [{ status: 'BLOCKED', reason: 'sandbox: held for a compliance review' }, { status: 'REJECTED', reason: 'sandbox: the compliance review refused it' }];
    case 'BLOCKED_PAID':
      return [{ status: 'BLOCKED', reason: 'sandbox: held for a compliance review' }, ...paid];
    case 'RETURNED':
      return [...paid, { status: 'REFUNDED', reason: 'sandbox: returned by the receiving bank' }];
    case 'KEY_NOT_FOUND':
      return [{ status: 'APPROVED' }, { status: 'FAILED', reason: 'sandbox: PIX key not found in the DICT' }];
  }
}

/**
 * A payout PSP behind the sandbox (its simulator's control API): the script's PROCESSING step
 * sends the payout there, and its PAID or FAILED step is the PSP settling or refusing it.
 */
export interface SandboxPayoutPsp {
  /** False while the payout waits to be sent (the float, the paying key): the step runs again later. */
  send(withdrawalId: string): Promise<boolean>;
  /** False when the PSP holds no payout of the withdrawal: the step is reported instead. */
  settleSent(withdrawalId: string, outcome: 'PAID' | 'FAILED', reason: string | undefined, at: Date): Promise<boolean>;
}

export interface SandboxPayoutsDeps {
  uow: UnitOfWork;
  scheduler: Scheduler;
  clock: Clock;
  logger: Logger;
  /** The inbound report path (the same one a real institution's callbacks use). */
  report(report: PayoutReport): Promise<unknown>;
  /** A payout PSP the script acts through; absent: every step is a report of the simulated institution. */
  psp?: SandboxPayoutPsp;
}

/**
 * Simulates the institution's payout side: a submitted payout is settled in seconds
 * through a chain of durable jobs (one report per step, each step scheduling the next
 * after it was reported, so reports arrive in order whatever the number of workers).
 * Every report goes through the inbound report path. No real money moves.
 *
 * With a payout PSP (its simulator) the same script runs, and the steps the PSP owns are
 * acted there: PROCESSING sends the payout, PAID and FAILED settle or refuse it at the PSP,
 * whose record is read back through the payout adapter. The steps before the send (the
 * review: APPROVED, BLOCKED, REJECTED) and a return after PAID stay reports.
 */
export class SandboxPayouts implements PayoutInstitution {
  constructor(private readonly d: SandboxPayoutsDeps) {}

  assertReady(): void {}

  async submitPayout(order: PayoutOrder): Promise<void> {
    const outcome = sandboxPayoutOutcome(order);
    this.d.logger.info({ withdrawalId: order.withdrawalId, outcome }, 'sandbox payout submitted');
    await this.d.uow.run((tx) => this.scheduleStep(tx, order.withdrawalId, sandboxPayoutScript(outcome), 0));
  }

  /**
   * Job handler: sends step `index` of the script, then schedules the next one. Safe to run again.
   * A payout the PSP cannot take yet (the float, the paying key): the step runs again a step later.
   */
  async runStep(payload: { withdrawalId: string; steps: SandboxPayoutStep[]; index: number }): Promise<void | JobRerun> {
    const step = payload.steps[payload.index];
    if (!step) return;
    const now = this.d.clock.now();
    const acted = await this.actAtPsp(payload.withdrawalId, step, now);
    if (acted === 'waiting') return { runAgainAt: new Date(now.getTime() + SANDBOX_PAYOUT_STEP_MS) };
    if (acted === 'reported') {
      await this.d.report({
        reportId: `sandbox-payout:${payload.withdrawalId}:${payload.index}`,
        withdrawalId: payload.withdrawalId,
        status: step.status,
        end2end: step.status === 'PAID' ? sandboxEndToEndId(now) : undefined,
        at: now,
        reason: step.reason,
      });
    }
    if (payload.index + 1 < payload.steps.length) {
      await this.d.uow.run((tx) => this.scheduleStep(tx, payload.withdrawalId, payload.steps, payload.index + 1));
    }
  }

  /** The step done at the PSP when it owns it ('acted'), not yet possible ('waiting'), or left to a report ('reported'). */
  private async actAtPsp(withdrawalId: string, step: SandboxPayoutStep, now: Date): Promise<'acted' | 'waiting' | 'reported'> {
    const psp = this.d.psp;
    if (!psp) return 'reported';
    if (step.status === 'PROCESSING') return (await psp.send(withdrawalId)) ? 'acted' : 'waiting';
    if (step.status === 'PAID' || step.status === 'FAILED') return (await psp.settleSent(withdrawalId, step.status, step.reason, now)) ? 'acted' : 'reported';
    return 'reported';
  }

  private scheduleStep(tx: Tx, withdrawalId: string, steps: SandboxPayoutStep[], index: number) {
    return this.d.scheduler.schedule(
      tx,
      SANDBOX_JOBS.payoutStep.at(`sandbox-payout:${withdrawalId}:${index}`, new Date(this.d.clock.now().getTime() + SANDBOX_PAYOUT_STEP_MS), {
        withdrawalId,
        steps: steps.map((s) => ({ ...s })),
        index,
      }),
    );
  }
}

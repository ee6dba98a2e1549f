import type { JobRerun, Scheduler } from '../jobs/scheduler';
import type { Clock } from '../shared/clock';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import type { InstitutionPayoutReportsService } from './institution-payout-reports.service';
import { afterQuery, afterSend, type PayoutDecision } from './payout-decisions';
import type { PayoutProgress, PayoutProgressRepository, PayoutPsp, PayoutRecord } from './payout-psp.ports';
import { WITHDRAWAL_JOBS } from './withdrawal-jobs';
import type { PayoutInstitution, PayoutOrder, WithdrawalRepository } from './withdrawals.ports';
import type { Withdrawal } from './withdrawal.types';
import { payoutOrderOf } from './payout-order';
import type { FloatHold, PayoutFloat } from './payout-float';

export interface PspPayoutsDeps {
  uow: UnitOfWork;
  repo: Pick<WithdrawalRepository, 'findById'>;
  progress: PayoutProgressRepository;
  psp: PayoutPsp;
  reports: Pick<InstitutionPayoutReportsService, 'apply' | 'applyIn'>;
  scheduler: Scheduler;
  clock: Clock;
  /** Time between two reads of a payout the PSP has not finished (PAYOUT_POLL_SECONDS). */
  followEveryMs: number;
  /** Told when a payout waits without an answer we can act on (operators see it in the log). */
  waiting?(withdrawalId: string, reason: string): void;
  /** The platform's float at the PSP: a payout is sent only when it covers it (absent: not checked). */
  float?: PayoutFloat;
  /** Told once per withdrawal held in APPROVED because the float does not cover it (the operator alert). */
  floatShort?(withdrawalId: string, amount: number, balance: number | null): void;
  /** Payouts from the paying key awaiting their outcome at once (PAYOUT_KEY_CONCURRENCY); absent: no limit. */
  keyConcurrency?: number;
  /** When a payout not sent (float short, key busy) is tried again. */
  retryWaitingMs: number;
  /** Told when a payout's outcome frees the paying key: the oldest waiting payouts are tried now. */
  keyFreed?(): Promise<void>;
}

/** Where one pass of the rules left a payout. */
type Pass = 'done' | 'follow' | 'not-sent';

/** A withdrawal whose payout may still be sent or followed. */
const OPEN = new Set(['PENDING', 'APPROVED', 'PROCESSING']);

/** A decision chain is short: query, send, query (after a taken identifier). */
const MAX_STEPS = 4;

/**
 * Payouts through a PSP, sent at most once (docs/operate/going-live.md, Payouts):
 * - the PSP identifier was stored with the withdrawal when the seller was debited;
 * - each send is counted and committed (with the withdrawal's PROCESSING and its follow
 *   job) before the call, and the call runs outside any transaction;
 * - after a send whose outcome we did not learn, and after any restart, the payout is read
 *   back by our identifier: only "the PSP holds nothing" allows another send;
 * - what the PSP holds goes through the one payout-report path, so repeated, late or
 *   out-of-order reports (webhooks, polls) change nothing.
 */
export class PspPayouts implements PayoutInstitution {
  constructor(private readonly d: PspPayoutsDeps) {}

  assertReady(): void {}

  /**
   * The submission job: sends the payout (or, if a send was begun before, reads it back first).
   * A payout the float does not cover, or whose paying key is busy, is not sent: the job runs again.
   */
  async submitPayout(order: PayoutOrder): Promise<void | JobRerun> {
    const pass = await this.advance(order.withdrawalId, true);
    return pass === 'not-sent' ? this.after(this.d.retryWaitingMs) : undefined;
  }

  /** The follow job: reads the payout back until the PSP's record is final. */
  async follow(withdrawalId: string): Promise<void | JobRerun> {
    const pass = await this.advance(withdrawalId, true);
    return pass === 'done' ? undefined : this.after(pass === 'not-sent' ? this.d.retryWaitingMs : this.d.followEveryMs);
  }

  private after(ms: number): JobRerun {
    return { runAgainAt: new Date(this.d.clock.now().getTime() + ms) };
  }

  /**
   * A PSP webhook named this payout: only a hint, the PSP's record is read back and applied.
   * False when the identifier is none of ours. Never starts a send.
   */
  async hint(pspPayoutId: string): Promise<boolean> {
    const withdrawalId = await this.d.progress.withdrawalIdOf(pspPayoutId);
    if (!withdrawalId) return false;
    await this.advance(withdrawalId, false);
    return true;
  }

  /** One pass of the rules: done (following can stop), follow (sent, outcome awaited) or not sent. */
  private async advance(withdrawalId: string, maySend: boolean): Promise<Pass> {
    const w = await this.d.repo.findById(withdrawalId);
    if (!w || !OPEN.has(w.status)) return 'done';
    const progress = await this.d.progress.progress(withdrawalId);
    if (!progress) return 'done';
    let decision: PayoutDecision = progress.attempts === 0 ? { act: 'send', done: false } : afterQuery(await this.d.psp.query(progress.pspPayoutId));
    for (let step = 0; step < MAX_STEPS; step++) {
      switch (decision.act) {
        case 'report':
          await this.report(w, progress, decision.record);
          return decision.done ? 'done' : 'follow';
        case 'fail':
          await this.report(w, progress, { status: 'FAILED', reason: decision.reason });
          return 'done';
        case 'wait':
          this.d.waiting?.(w.id, decision.reason);
          return 'follow';
        case 'query':
          decision = afterQuery(await this.d.psp.query(progress.pspPayoutId));
          break;
        case 'send': {
          if (!maySend) return progress.attempts === 0 ? 'not-sent' : 'follow';
          const hold = await this.takeFloat(w);
          if (!hold) return 'not-sent';
          const begun = await this.beginSend(w, progress).catch((e: unknown) => {
            this.giveBack(hold);
            throw e;
          });
          if (begun !== 'begun') {
            this.giveBack(hold);
            return begun === 'key-busy' ? 'not-sent' : 'follow';
          }
          decision = afterSend(await this.d.psp.send({ ...payoutOrderOf(w), pspPayoutId: progress.pspPayoutId }));
          break;
        }
      }
    }
    return 'follow';
  }

  /**
   * Rule 3: the platform's float at the PSP must cover the payout. When it does not, a withdrawal
   * not yet sent waits in APPROVED with the reason (the seller's request does not fail), and the
   * operator is alerted once; the submission job tries again. When it does, the payout's amount
   * is taken off it at once (the hold), and given back if the send does not begin.
   */
  private async takeFloat(w: Withdrawal): Promise<FloatHold | 'unchecked' | null> {
    if (!this.d.float) return 'unchecked';
    const verdict = await this.d.float.take(w.amount);
    if (verdict.covered) return verdict.hold;
    if (w.status === 'PENDING') {
      await this.d.reports.apply({ reportId: `psp-payout-float:${w.id}`, withdrawalId: w.id, status: 'APPROVED', reason: verdict.reason });
      this.d.floatShort?.(w.id, w.amount, verdict.balance);
    }
    return null;
  }

  private giveBack(hold: FloatHold | 'unchecked'): void {
    if (hold !== 'unchecked') this.d.float?.giveBack(hold);
  }

  /**
   * Commits the attempt, PROCESSING and the follow job before the call. Not begun when the paying
   * key already has its share of payouts awaiting an outcome (rule 4), or when another runner
   * sends (or the withdrawal closed).
   */
  private beginSend(w: Withdrawal, progress: PayoutProgress): Promise<'begun' | 'key-busy' | 'taken'> {
    return this.d.uow.run(async (tx: Tx) => {
      const now = this.d.clock.now();
      if (this.d.keyConcurrency !== undefined && !(await this.d.progress.claimKeySlot(tx, w.id, this.d.keyConcurrency))) return 'key-busy';
      if (!(await this.d.progress.beginSend(tx, w.id, progress.attempts, now))) return 'taken';
      progress.attempts += 1;
      await this.d.reports.applyIn(tx, { reportId: `psp-payout-send:${progress.pspPayoutId}:${progress.attempts}`, withdrawalId: w.id, status: 'PROCESSING', at: now });
      await this.d.scheduler.schedule(tx, WITHDRAWAL_JOBS.followPayout.at(`payout-follow:${w.id}`, new Date(now.getTime() + this.d.followEveryMs), { withdrawalId: w.id }));
      return 'begun';
    });
  }

  private async report(w: Withdrawal, progress: PayoutProgress, record: PayoutRecord): Promise<void> {
    await this.d.reports.apply({
      reportId: `psp-payout:${progress.pspPayoutId}:${record.status}`,
      withdrawalId: w.id,
      status: record.status,
      end2end: record.end2end,
      at: record.at,
      reason: record.reason,
    });
    // A final outcome frees the paying key: the next waiting payout need not wait for its retry.
    if (record.status !== 'PROCESSING') await this.d.keyFreed?.();
  }
}

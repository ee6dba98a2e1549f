import type { Outbox } from '../events/outbox';
import { recordChange } from '../events/record-change';
import type { JobRerun, Scheduler } from '../jobs/scheduler';
import type { Clock } from '../shared/clock';
import { DomainError, notFound } from '../shared/errors';
import type { LiveEvents } from '../shared/live-events';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import { addDays, type CivilDay } from './civil-day';
import { isOpenCycle } from './cycle-status';
import { lastPayableDay, nextCycleAmount, planCycle } from './cycle-plan';
import { cycleView, type CycleView } from './cycle-view';
import { cobrWindow } from './cycle-window';
import { cycleDueDate, cycleIsCovered } from './recurrence-calendar';
import type { CycleEvent } from './recurrence-event-names';
import type { RecurrenceCycle, RecurrenceCycleRepository } from './recurrence-cycle.types';
import type { PspPix } from '../transactions/psp-pix';
import type { InstitutionCycleCharge, RecurrenceInstitution } from './recurrence-institution';
import { RECURRENCE_JOBS, askCycleRetryJobKey, attemptDayEndedKey, cyclesJobKey, sendCycleChargeJobKey } from './recurrence-jobs';
import type { RecurrenceView } from './recurrence-view';
import type { Recurrence, RecurrenceRepository } from './recurrence.types';
import { nextRetryDate } from './retry-policy';
import { daysUntil, realStartOf, recurrenceToday } from './sandbox-clock';

/** The seller's charge of a cycle, built and not yet written: `write` inserts it (with its jobs) in the cycle's transaction. */
export interface CycleCharge {
  id: string;
  /** Its txid (the institution's recurring charge, `cobr`, has the same). */
  txid: string;
  write(tx: Tx): Promise<void>;
}

/** Builds a seller's cycle charges without a query: it runs inside the cycle's transaction (the embedded database has one connection). */
export type OpenCycleCharge = (r: Recurrence, cycle: { number: number; dueDate: CivilDay; amount: number; expiresAt: Date }) => Promise<CycleCharge>;

/** The seller's charges of cycles: made like any other charge, answered by the payer's side (never paid by a timer). */
export interface CycleCharges {
  /** Reads what the seller's charges need (the seller), before any transaction. */
  forSeller(sellerId: string): Promise<OpenCycleCharge>;
  /** The payer's institution settles the charge: the usual payment (credit, fee, statement line, TRANSACTION_PAID). */
  pay(sellerId: string, transactionId: string): Promise<void>;
  /** The txid of a seller's cycle charge. */
  txidOf(sellerId: string, transactionId: string): Promise<string | null>;
  /** The cycle whose charge has this txid; null when none of ours has. */
  cycleOfTxid(txid: string): Promise<{ sellerId: string; recurrenceId: string; number: number } | null>;
  /** Applies the Pix the institution says settled a cycle's charge, as any received Pix (once per end-to-end id). */
  settle(pix: PspPix[]): Promise<void>;
}

export interface RecurrenceCyclesDeps {
  uow: UnitOfWork;
  repo: RecurrenceRepository;
  cycles: RecurrenceCycleRepository;
  outbox: Outbox;
  live: LiveEvents;
  clock: Clock;
  scheduler: Scheduler;
  charges: CycleCharges;
  /** Where cycles' charges are sent when it holds them (a PSP), and retries asked. */
  institution: Pick<RecurrenceInstitution, 'holdsCycleCharges' | 'sendCycleCharge' | 'askRetry'>;
  view(r: Recurrence): RecurrenceView;
}

const cycleNotFound = () => notFound('CYCLE_NOT_FOUND', 'this recurrence has no cycle of that number');
const cycleNotOpen = (c: RecurrenceCycle) =>
  new DomainError('CYCLE_NOT_OPEN', `cycle ${c.number} is ${c.status}: only an ACTIVE cycle awaits the payer`, 'CONFLICT', { number: c.number, status: c.status });
/** The reason kept with an attempt whose day ended before the payer's institution settled it. */
export const UNSETTLED_ATTEMPT_REASON = 'not settled on the day of the attempt';

/** The day of a cycle's pending attempt: its due date, then each retry's. */
const attemptDay = (c: RecurrenceCycle): CivilDay => c.nextAttemptOn ?? c.dueDate;

const notApproved = (r: Recurrence) =>
  new DomainError('RECURRENCE_STATUS_CONFLICT', `a ${r.status} recurrence has no cycles to run`, 'CONFLICT', { status: r.status });

/**
 * The cycles of approved recurrences: each cycle's charge sent inside its window, once
 * (the recurrence is locked and a cycle's number is its key), the payer's answers with the
 * retries the policy allows, and what ending the recurrence does to a pending cycle. In the
 * sandbox a recurrence's clock can be moved to its next cycle.
 */
export class RecurrenceCyclesService {
  constructor(private readonly d: RecurrenceCyclesDeps) {}

  /** In the approval's transaction: the cycles job starts now. */
  async approved(tx: Tx, r: Recurrence): Promise<void> {
    await this.d.scheduler.schedule(tx, RECURRENCE_JOBS.cycles.at(cyclesJobKey(r.id), this.d.clock.now(), { recurrenceId: r.id }));
  }

  /**
   * In the cancellation's (or expiry's) transaction: no further cycle is made (the job stops),
   * and a pending cycle is cancelled while its due date is still ahead; one whose attempt has
   * begun (due today or earlier) is left to the payer's institution.
   */
  async ended(tx: Tx, r: Recurrence): Promise<void> {
    const today = this.today(r);
    for (const c of await this.d.cycles.list(r.id, tx)) {
      if (!isOpenCycle(c.status) || c.dueDate <= today) continue;
      c.status = 'CANCELLED';
      c.nextAttemptOn = null;
      c.updatedAt = this.d.clock.now();
      await this.d.cycles.update(tx, c);
      await this.closeChargeOf(tx, c, `recurrence cancelled${r.end?.reason ? `: ${r.end.reason}` : ''}`);
      await this.emit(tx, r, c, 'CANCELLED');
    }
  }

  /** The cycles job: makes every cycle whose window is open; answers when to look again (nothing once the recurrence ended). */
  async runDue(recurrenceId: string): Promise<void | JobRerun> {
    const seen = await this.d.repo.findById(recurrenceId);
    if (!seen || seen.status !== 'APPROVED') return;
    const open = await this.d.charges.forSeller(seen.sellerId);
    return this.d.uow.run(async (tx) => {
      const r = await this.d.repo.lock(tx, recurrenceId);
      if (!r || r.status !== 'APPROVED') return;
      const waitUntil = await this.makeDueCycles(tx, r, open);
      return waitUntil === null ? undefined : { runAgainAt: realStartOf(waitUntil, r.sandboxClockDays) };
    });
  }

  /**
   * Sandbox: moves the recurrence's clock to the day its next cycle's window opens, and makes
   * that cycle now. 409 when the recurrence is not approved, covers no further cycle, or its
   * variable amount is not set.
   */
  async advanceClock(sellerId: string, id: string): Promise<{ recurrence: Recurrence; cycle: RecurrenceCycle; today: CivilDay }> {
    const open = await this.d.charges.forSeller(sellerId);
    return this.d.uow.run(async (tx) => {
      const r = await this.locked(tx, sellerId, id);
      if (r.status !== 'APPROVED') throw notApproved(r);
      const cycles = await this.d.cycles.list(r.id, tx);
      const number = cycles.length + 1;
      if (!cycleIsCovered(r.calendar, number - 1)) throw new DomainError('RECURRENCE_HAS_NO_NEXT_CYCLE', 'the authorisation covers no further cycle (its last date has passed)', 'CONFLICT');
      if (nextCycleAmount(r) === null) {
        throw new DomainError('CYCLE_AMOUNT_REQUIRED', 'set the next cycle’s amount first (POST .../next-cycle-amount): this recurrence’s amount is variable', 'CONFLICT');
      }
      const { opensOn } = cobrWindow(cycleDueDate(r.calendar, number - 1));
      const moved = daysUntil(this.today(r), opensOn);
      if (moved > 0) {
        r.sandboxClockDays += moved;
        r.updatedAt = this.d.clock.now();
        await this.d.repo.update(tx, r);
        // The days the clock skipped ended their attempts as the real ones would have.
        for (const c of cycles) await this.endPastAttempts(tx, r, c);
      }
      await this.makeDueCycles(tx, r, open);
      const cycle = (await this.d.cycles.list(r.id, tx)).find((c) => c.number === number);
      if (!cycle) throw new Error(`cycle ${number} of ${r.id} was not made on the day its window opens`);
      return { recurrence: r, cycle, today: this.today(r) };
    });
  }

  /** The seller sets the amount of the next cycle of a VARIABLE recurrence (at least its minimum). */
  setNextCycleAmount(sellerId: string, id: string, amount: number): Promise<Recurrence> {
    return this.d.uow.run(async (tx) => {
      const r = await this.locked(tx, sellerId, id);
      if (r.amount.type !== 'VARIABLE') throw new DomainError('RECURRENCE_AMOUNT_FIXED', 'this recurrence charges a fixed amount every cycle', 'CONFLICT');
      if (r.status !== 'CREATED' && r.status !== 'APPROVED') throw notApproved(r);
      if (r.amount.minimumCents !== null && amount < r.amount.minimumCents) {
        throw new DomainError('AMOUNT_TOO_LOW', `amount must be at least the recurrence's minimum, ${r.amount.minimumCents} cents`, 'VALIDATION', { field: 'amount' });
      }
      r.nextCycleAmount = amount;
      r.updatedAt = this.d.clock.now();
      await this.d.repo.update(tx, r);
      return r;
    });
  }

  /** Sandbox: the payer's institution settles an ACTIVE cycle (its charge paid as any other), recorded as an attempt. */
  async payCycle(sellerId: string, id: string, number: number): Promise<RecurrenceCycle> {
    const before = await this.cycleOf(sellerId, id, number);
    if (before.status !== 'ACTIVE' && before.status !== 'PAID') throw cycleNotOpen(before);
    // The charge first: paid once whatever happens after (a repeat finds it paid), then the cycle.
    await this.d.charges.pay(sellerId, before.transactionId!);
    return this.d.uow.run(async (tx) => {
      const r = await this.locked(tx, sellerId, id);
      const c = await this.lockedCycle(tx, r, number);
      if (c.status !== 'ACTIVE') return c;
      this.recordPaid(c, attemptDay(c), this.d.clock.now());
      await this.d.cycles.update(tx, c);
      await this.emit(tx, r, c, 'PAID');
      return c;
    });
  }

  /** Sandbox: an attempt of an ACTIVE cycle fails (`reason`: the payer's side's words); see `failAttempt`. */
  failCycle(sellerId: string, id: string, number: number, reason: string | null): Promise<RecurrenceCycle> {
    return this.d.uow.run(async (tx) => {
      const r = await this.locked(tx, sellerId, id);
      const c = await this.lockedCycle(tx, r, number);
      if (c.status !== 'ACTIVE') throw cycleNotOpen(c);
      await this.failAttempt(tx, r, c, { reason, closeAs: 'REFUSED' });
      return c;
    });
  }

  /**
   * The job at the end of an attempt's day (the recurrence's own day): an attempt still
   * unanswered failed, as if the payer's side had failed it, and the policy decides the
   * retry; with none left the cycle is FAILED and its charge closed, never left awaiting a
   * payment that can no longer come. A job for an attempt already answered does nothing.
   */
  async attemptDayEnded(recurrenceId: string, number: number, attempt: number): Promise<void | JobRerun> {
    return this.d.uow.run(async (tx) => {
      const r = await this.d.repo.lock(tx, recurrenceId);
      const c = r ? (await this.d.cycles.list(r.id, tx)).find((x) => x.number === number) : undefined;
      if (!r || !c || c.status !== 'ACTIVE' || c.attempts.length + 1 !== attempt) return;
      if (attemptDay(c) >= this.today(r)) return { runAgainAt: realStartOf(addDays(attemptDay(c), 1), r.sandboxClockDays) };
      await this.endPastAttempts(tx, r, c);
    });
  }

  /**
   * With a PSP: a cycle made in our database becomes its recurring charge there, after the
   * cycle's commit (the job); the txid is the charge's, so a repeat asks for the same `cobr`.
   * A charge the institution refuses for good fails its cycle at once (no retry: it would be
   * refused again) and is closed; one it cannot be reached for waits in the job's back-off.
   */
  async sendCycleCharge(recurrenceId: string, number: number): Promise<void> {
    const r = await this.d.repo.findById(recurrenceId);
    const c = r ? (await this.d.cycles.list(recurrenceId)).find((x) => x.number === number) : undefined;
    if (!r || !c || c.status !== 'ACTIVE' || !c.transactionId || c.amount === null) return;
    const txid = await this.d.charges.txidOf(r.sellerId, c.transactionId);
    if (!txid) throw new Error(`cycle ${number} of ${recurrenceId}: its charge ${c.transactionId} has no txid`);
    const refusal = await this.d.institution.sendCycleCharge({
      recId: r.recId,
      txid,
      dueDate: c.dueDate,
      amount: c.amount,
      description: `${r.contract.object ?? r.contract.number}: cycle ${number}`,
    });
    if (!refusal) return;
    await this.d.uow.run(async (tx) => {
      const locked = await this.d.repo.lock(tx, recurrenceId);
      const cycle = locked ? (await this.d.cycles.list(recurrenceId, tx)).find((x) => x.number === number) : undefined;
      if (!locked || !cycle || cycle.status !== 'ACTIVE') return;
      await this.failAttempt(tx, locked, cycle, { reason: refusal.reason, closeAs: 'REFUSED', retryAllowed: false });
    });
  }

  /**
   * What the institution says of a cycle's recurring charge (a callback read back, or the
   * reconciliation), applied once whichever path sees it first: the Pix that settled it are
   * credited as any received Pix, then each attempt not recorded yet is recorded (PAID, or
   * FAILED with the policy's retry asked), and a charge the institution cancelled or closed
   * ends the cycle. False when nothing changed (a repeat) or the txid is no cycle of ours.
   */
  async applyInstitution(observed: InstitutionCycleCharge): Promise<boolean> {
    const owner = await this.d.charges.cycleOfTxid(observed.txid);
    if (!owner) return false;
    if (observed.pix.length > 0) await this.d.charges.settle(observed.pix);
    return this.d.uow.run(async (tx) => {
      const r = await this.d.repo.lock(tx, owner.recurrenceId);
      const c = r ? (await this.d.cycles.list(r.id, tx)).find((x) => x.number === owner.number) : undefined;
      if (!r || r.sellerId !== owner.sellerId || !c || !(c.status === 'ACTIVE' || (c.status === 'FAILED' && observed.status === 'PAID'))) return false;
      const now = this.d.clock.now();
      const settled = observed.attempts.filter((a) => a.outcome !== 'PENDING');
      let changed = false;
      for (const a of settled.slice(c.attempts.length)) {
        changed = true;
        if (a.outcome === 'PAID') {
          this.recordPaid(c, a.on, now);
          await this.d.cycles.update(tx, c);
          await this.emit(tx, r, c, 'PAID');
          return true;
        }
        // A charge the institution closed takes no retry; an active one takes the policy's.
        const open = observed.status === 'ACTIVE';
        await this.failAttempt(tx, r, c, { on: a.on, reason: a.reason, closeAs: 'REFUSED', retryAllowed: open, askRetryOf: open ? observed.txid : null });
        if (c.status !== 'ACTIVE') return true;
      }
      if (observed.status === 'PAID') {
        this.recordPaid(c, attemptDay(c), now);
      } else if (observed.status === 'CANCELLED' || observed.status === 'FAILED') {
        c.status = observed.status;
        c.nextAttemptOn = null;
        c.updatedAt = now;
        await this.closeChargeOf(tx, c, `${observed.status === 'CANCELLED' ? 'cancelled' : 'closed unpaid'} at the payment institution${observed.reason ? `: ${observed.reason}` : ''}`);
      } else {
        return changed;
      }
      await this.d.cycles.update(tx, c);
      await this.emit(tx, r, c, c.status as 'PAID' | 'CANCELLED' | 'FAILED');
      return true;
    });
  }

  private recordPaid(c: RecurrenceCycle, on: CivilDay, now: Date): void {
    c.attempts.push({ number: c.attempts.length + 1, on, outcome: 'PAID', reason: null, at: now });
    c.status = 'PAID';
    c.nextAttemptOn = null;
    c.updatedAt = now;
  }

  /** The seller's view of a recurrence's cycles, by number. */
  async cyclesOf(sellerId: string, id: string): Promise<CycleView[]> {
    await this.owned(sellerId, id);
    return (await this.d.cycles.list(id)).map(cycleView);
  }

  view = (c: RecurrenceCycle): CycleView => cycleView(c);

  /** The recurrence's own today: the real one, moved ahead by its sandbox clock. */
  private today(r: Recurrence): CivilDay {
    return recurrenceToday(this.d.clock.now(), r.sandboxClockDays);
  }

  /** Fails each attempt of an ACTIVE cycle whose day is over (the retries the policy allows are days after today, so this ends). */
  private async endPastAttempts(tx: Tx, r: Recurrence, c: RecurrenceCycle): Promise<void> {
    while (c.status === 'ACTIVE' && attemptDay(c) < this.today(r)) await this.failAttempt(tx, r, c, { reason: UNSETTLED_ATTEMPT_REASON, closeAs: 'EXPIRED' });
  }

  /**
   * The pending attempt of an ACTIVE cycle failed (on `on`, by default its day): the policy's
   * next retry is scheduled (with a PSP it is asked there after the commit, `askRetryOf`; in
   * the sandbox the end of its day is watched), or the cycle FAILED and its charge is closed
   * as `closeAs` (REFUSED when the payer's side failed it, EXPIRED when its day ended
   * unsettled). A charge the institution closed takes no retry (`retryAllowed: false`).
   */
  private async failAttempt(
    tx: Tx, r: Recurrence, c: RecurrenceCycle,
    failure: { on?: CivilDay; reason: string | null; closeAs: 'REFUSED' | 'EXPIRED'; retryAllowed?: boolean; askRetryOf?: string | null },
  ): Promise<void> {
    const now = this.d.clock.now();
    c.attempts.push({ number: c.attempts.length + 1, on: failure.on ?? attemptDay(c), outcome: 'FAILED', reason: failure.reason, at: now });
    const retries = c.attempts.slice(1).map((a) => a.on);
    const retryOn = (failure.retryAllowed ?? true) && r.status === 'APPROVED' ? nextRetryDate(r.retryPolicy, c.dueDate, retries, this.today(r)) : null;
    c.nextAttemptOn = retryOn;
    c.status = retryOn ? 'ACTIVE' : 'FAILED';
    c.updatedAt = now;
    await this.d.cycles.update(tx, c);
    if (!retryOn) await this.closeChargeOf(tx, c, `cycle failed${failure.reason ? `: ${failure.reason}` : ''}`, failure.closeAs);
    else if (failure.askRetryOf) await this.d.scheduler.schedule(tx, RECURRENCE_JOBS.askCycleRetry.at(askCycleRetryJobKey(failure.askRetryOf, retryOn), now, { txid: failure.askRetryOf, on: retryOn }));
    else await this.watchAttempt(tx, r, c);
    await this.emit(tx, r, c, retryOn ? 'RETRY_SCHEDULED' : 'FAILED');
  }

  /**
   * Schedules the end of the pending attempt's day (on the recurrence's clock). Only where the
   * payer's side is simulated: an institution holding the cycle's charge reports each attempt.
   */
  private async watchAttempt(tx: Tx, r: Recurrence, c: RecurrenceCycle): Promise<void> {
    if (this.d.institution.holdsCycleCharges) return;
    const attempt = c.attempts.length + 1;
    return this.d.scheduler.schedule(
      tx,
      RECURRENCE_JOBS.attemptDayEnded.at(attemptDayEndedKey(r.id, c.number, attempt), realStartOf(addDays(attemptDay(c), 1), r.sandboxClockDays), {
        recurrenceId: r.id,
        number: c.number,
        attempt,
      }),
    );
  }

  /** Makes (or misses) each next cycle whose window has come; answers the day to look again, or null when no cycle is left. */
  private async makeDueCycles(tx: Tx, r: Recurrence, open: OpenCycleCharge): Promise<CivilDay | null> {
    const today = this.today(r);
    const made = await this.d.cycles.list(r.id, tx);
    for (let number = made.length + 1; ; number++) {
      const plan = planCycle(r, number, today);
      if (plan.kind === 'END') return null;
      if (plan.kind === 'WAIT') return plan.until;
      const now = this.d.clock.now();
      const c: RecurrenceCycle = {
        recurrenceId: r.id,
        sellerId: r.sellerId,
        number,
        dueDate: plan.dueDate,
        amount: plan.amount,
        status: plan.kind === 'CREATE' ? 'ACTIVE' : 'MISSED',
        transactionId: null,
        attempts: [],
        nextAttemptOn: null,
        createdAt: now,
        updatedAt: now,
      };
      if (plan.kind === 'CREATE') {
        // Open until the end of the last day the policy lets the payer's institution settle it (at least a day from now).
        const closes = realStartOf(addDays(lastPayableDay(r, plan.dueDate), 1), r.sandboxClockDays);
        const expiresAt = new Date(Math.max(closes.getTime(), now.getTime() + 86_400_000));
        const charge = await open(r, { number, dueDate: plan.dueDate, amount: plan.amount, expiresAt });
        await charge.write(tx);
        c.transactionId = charge.id;
      }
      await this.d.cycles.insert(tx, c);
      if (c.status === 'ACTIVE') await this.watchAttempt(tx, r, c);
      if (plan.kind === 'CREATE' && this.d.institution.holdsCycleCharges) {
        await this.d.scheduler.schedule(tx, RECURRENCE_JOBS.sendCycleCharge.at(sendCycleChargeJobKey(r.id, number), now, { recurrenceId: r.id, number }));
      }
      if (r.amount.type === 'VARIABLE' && r.nextCycleAmount !== null) {
        r.nextCycleAmount = null;
        r.updatedAt = now;
        await this.d.repo.update(tx, r);
      }
      await this.emit(tx, r, c, plan.kind === 'CREATE' ? 'CREATED' : 'MISSED');
    }
  }

  private closeChargeOf(tx: Tx, c: RecurrenceCycle, reason: string, closeAs: 'REFUSED' | 'EXPIRED' = 'REFUSED'): Promise<void> {
    if (!c.transactionId) return Promise.resolve();
    return this.d.scheduler.schedule(
      tx,
      RECURRENCE_JOBS.closeCycleCharge.at(`recurrence-cycle-close:${c.transactionId}`, this.d.clock.now(), { transactionId: c.transactionId, reason: reason.slice(0, 200), closeAs }),
    );
  }

  private async owned(sellerId: string, id: string): Promise<Recurrence> {
    const r = id.length <= 128 ? await this.d.repo.findById(id) : null;
    if (!r || r.sellerId !== sellerId) throw notFound('RECURRENCE_NOT_FOUND', 'recurrence not found');
    return r;
  }

  private async locked(tx: Tx, sellerId: string, id: string): Promise<Recurrence> {
    const r = id.length <= 128 ? await this.d.repo.lock(tx, id) : null;
    if (!r || r.sellerId !== sellerId) throw notFound('RECURRENCE_NOT_FOUND', 'recurrence not found');
    return r;
  }

  private async lockedCycle(tx: Tx, r: Recurrence, number: number): Promise<RecurrenceCycle> {
    const c = (await this.d.cycles.list(r.id, tx)).find((x) => x.number === number);
    if (!c) throw cycleNotFound();
    return c;
  }

  private async cycleOf(sellerId: string, id: string, number: number): Promise<RecurrenceCycle> {
    await this.owned(sellerId, id);
    const c = (await this.d.cycles.list(id)).find((x) => x.number === number);
    if (!c) throw cycleNotFound();
    return c;
  }

  private emit(tx: Tx, r: Recurrence, c: RecurrenceCycle, what: CycleEvent): Promise<void> {
    return recordChange(this.d, tx, {
      type: 'RECURRENCE',
      resource: { id: r.id, sellerId: r.sellerId, updatedAt: c.updatedAt },
      view: { ...this.d.view(r), cycle: cycleView(c) },
      events: [`RECURRENCE_CYCLE_${what}`],
    });
  }
}

import type { Clock } from '../shared/clock';
import type { FloatReading, PayoutFloatPsp } from './payout-psp.ports';

/** Why a withdrawal waits in APPROVED: shown to the seller and the operator as is. */
export const FLOAT_SHORT_REASON = "waiting for the platform's balance at the payment institution to cover this payout; it is sent as soon as it does";
export const FLOAT_UNKNOWN_REASON = "waiting for the platform's balance at the payment institution, which could not be read; it is sent once it is read and covers this payout";

export type FloatVerdict = { covered: true } | { covered: false; reason: string; balance: number | null };

/** An amount taken off the float for a send about to begin, and the read it was taken under. */
export interface FloatHold {
  amount: number;
  read: number;
}

/** The last balance read at the PSP, and what was sent since (not yet in it). */
export interface FloatSnapshot {
  /** Cents held at the PSP at `readAt`, less what was sent since; null when never read. */
  available: number | null;
  readAt: Date | null;
  /** Why the last read failed; null when it succeeded. */
  problem: string | null;
}

/**
 * The platform's float at the PSP (docs/operate/going-live.md, Payouts, rule 3), read at most
 * once every `readEveryMs` (concurrent callers share one read). Each payout sent is taken off
 * the cached figure until the next read, so a burst of sends between two reads cannot spend
 * the same balance twice: the check and the taking are one step (`take`), so two sends of one
 * process never both pass on the same cents. A balance that cannot be read covers nothing:
 * money is never sent on a guess. One instance per process (docs/operate/going-live.md says
 * why).
 */
export class PayoutFloat {
  private reading: { cents: number; at: Date } | null = null;
  private problem: string | null = null;
  private lastAttempt = Number.NEGATIVE_INFINITY;
  private sentSinceRead = 0;
  private pending: Promise<void> | null = null;
  /** Reads begun: a hold taken under an earlier one is already off the figure read since. */
  private reads = 0;

  constructor(private readonly d: { psp: PayoutFloatPsp; clock: Clock; readEveryMs: number }) {}

  /** Whether the float covers `amount` cents now. */
  async covers(amount: number): Promise<FloatVerdict> {
    const snapshot = await this.current();
    if (snapshot.available === null) return { covered: false, reason: FLOAT_UNKNOWN_REASON, balance: null };
    return snapshot.available >= amount ? { covered: true } : { covered: false, reason: FLOAT_SHORT_REASON, balance: snapshot.available };
  }

  /**
   * Whether the float covers `amount` cents now, and if so takes them off at once (no await
   * between the check and the taking): the send that follows may spend them.
   */
  async take(amount: number): Promise<{ covered: true; hold: FloatHold } | Extract<FloatVerdict, { covered: false }>> {
    const verdict = await this.covers(amount);
    if (!verdict.covered) return verdict;
    this.sentSinceRead += amount;
    return { covered: true, hold: { amount, read: this.reads } };
  }

  /**
   * A hold whose send never began gives its cents back, unless a read has begun since (that
   * read's figure already has them, and the cents taken before it were dropped with it).
   */
  giveBack(hold: FloatHold): void {
    if (hold.read === this.reads) this.sentSinceRead -= hold.amount;
  }

  /** The float, read again when the cached figure is older than `readEveryMs`. */
  async current(): Promise<FloatSnapshot> {
    if (this.d.clock.now().getTime() - this.lastAttempt >= this.d.readEveryMs) {
      this.pending ??= this.read().finally(() => (this.pending = null));
      await this.pending;
    }
    return this.snapshot();
  }

  /** What is known without reading (for metrics between two reads). */
  snapshot(): FloatSnapshot {
    return {
      available: this.reading ? this.reading.cents - this.sentSinceRead : null,
      readAt: this.reading?.at ?? null,
      problem: this.problem,
    };
  }

  private async read(): Promise<void> {
    const startedAt = this.d.clock.now();
    this.lastAttempt = startedAt.getTime();
    this.reads += 1;
    const sentBefore = this.sentSinceRead;
    const r: FloatReading = await this.d.psp.balance();
    if (r.kind === 'unknown') {
      // A failed read does not keep an old figure alive: nothing is sent until one succeeds.
      this.reading = null;
      this.problem = r.reason;
      return;
    }
    this.reading = { cents: r.cents, at: startedAt };
    this.problem = null;
    // Sends begun while the read was on its way may not be in the PSP's figure: keep them off it.
    this.sentSinceRead -= sentBefore;
  }
}

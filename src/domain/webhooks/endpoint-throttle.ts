/**
 * Per-endpoint pacing in one worker process, pure (times in ms passed in). Asked before
 * each attempt, it answers "go" or "come back in N ms"; the processor then puts the
 * delivery back without an attempt, so a paced endpoint never holds a consumer slot
 * that another seller's delivery could use.
 *
 * - Rate: a registration's `maxDeliveriesPerSecond` spaces its attempts 1000/max ms
 *   apart. A delivery told to wait holds the slot it was given: when it comes back at
 *   that time it goes, so a backlog drains at the rate rather than racing for each slot.
 * - Concurrency: at most `maxInFlight` attempts to one endpoint at once, so a receiver
 *   that hangs holds that many consumer slots, never all of them.
 * - Pause: a 429 or 503 with `Retry-After` pauses the endpoint for that long, clamped to
 *   [PAUSE_MIN_MS, PAUSE_MAX_MS]; its other deliveries wait too.
 * - Line: a delivery that finds every attempt slot of a quick endpoint taken may wait in
 *   the process, up to BUSY_RECHECK_MS, for the next slot to be released, instead of
 *   going back through the database and the broker for the same 250 ms. Only while the
 *   endpoint turns its attempts over quickly (one ended within the last BUSY_RECHECK_MS
 *   and they take under LINE_LATENCY_MAX_MS on average), and at most twice `maxInFlight`
 *   deliveries wait: a hanging endpoint gets no line, and a quick one holds at most
 *   three times its cap of consumer slots (three quarters of them at the default cap),
 *   the waiting ones for at most BUSY_RECHECK_MS each.
 *
 * The limits hold per worker process: N workers may together send N times the rate.
 */
export const PAUSE_MIN_MS = 1_000;
export const PAUSE_MAX_MS = 60_000;
/** How long a delivery waits when its endpoint has no free attempt slot. */
export const BUSY_RECHECK_MS = 250;
/** A slot given to a delivery is honoured this early (broker delays are not exact). */
const SLOT_EARLY_MS = 50;
/** An endpoint whose attempts take longer than this on average gets no line. */
export const LINE_LATENCY_MAX_MS = 250;
/** Weight of the latest attempt in an endpoint's average latency. */
const LATENCY_WEIGHT = 0.2;
/** Entries kept for endpoints and reserved slots before the oldest are forgotten. */
const MAX_TRACKED = 10_000;

interface EndpointPace {
  nextFreeAt: number;
  pausedUntil: number;
  inFlight: number;
  /** When an attempt last ended (-Infinity: never). */
  lastEndedAt: number;
  /** Moving average of its attempts' durations (ms). */
  latencyMs: number;
  /** Deliveries waiting for a slot, oldest first. */
  line: ((go: Go) => void)[];
}

/** The end of an attempt: when, and how long it took (it feeds the endpoint's line). */
export interface AttemptEnd {
  at: number;
  latencyMs: number;
}

export type Go = { go: true; release: (end?: AttemptEnd) => void };
export type Admission = Go | { go: false; waitMs: number };

/**
 * A place in an endpoint's line: `slot` resolves with the next released slot. `leave`
 * gives up the place and answers true; false when a slot was already handed over, which
 * `slot` then holds (and must be released).
 */
export interface LinePlace {
  slot: Promise<Go>;
  leave(): boolean;
}

export class EndpointThrottle {
  private readonly paces = new Map<string, EndpointPace>();
  /** Slots given to deliveries told to wait, by delivery id. */
  private readonly slots = new Map<string, number>();

  /** Deliveries that may wait in one endpoint's line: with its attempts, at most three times its cap of consumer slots. */
  private readonly lineMax: number;

  constructor(private readonly maxInFlight: number) {
    if (!Number.isSafeInteger(maxInFlight) || maxInFlight < 1) throw new RangeError('maxInFlight must be an integer >= 1');
    this.lineMax = 2 * maxInFlight;
  }

  private pace(endpointId: string): EndpointPace {
    let p = this.paces.get(endpointId);
    if (!p) {
      if (this.paces.size >= MAX_TRACKED) this.forgetIdle();
      p = { nextFreeAt: 0, pausedUntil: 0, inFlight: 0, lastEndedAt: -Infinity, latencyMs: 0, line: [] };
      this.paces.set(endpointId, p);
    }
    return p;
  }

  private forgetIdle(): void {
    for (const [id, p] of this.paces) if (p.inFlight === 0 && p.line.length === 0) this.paces.delete(id);
  }

  /** May this delivery be attempted now? `go` comes with a release to call once the attempt is over. */
  admit(deliveryId: string, endpointId: string, maxPerSecond: number | null, now: number): Admission {
    const p = this.pace(endpointId);
    if (p.pausedUntil > now) return { go: false, waitMs: p.pausedUntil - now };
    if (p.inFlight >= this.maxInFlight) return { go: false, waitMs: BUSY_RECHECK_MS };
    if (maxPerSecond !== null) {
      const interval = 1000 / maxPerSecond;
      const slot = this.slots.get(deliveryId);
      if (slot !== undefined && slot <= now + SLOT_EARLY_MS) {
        this.slots.delete(deliveryId);
      } else if (p.nextFreeAt > now) {
        const at = slot ?? p.nextFreeAt;
        if (slot === undefined) {
          if (this.slots.size >= MAX_TRACKED) this.slots.clear();
          this.slots.set(deliveryId, at);
          p.nextFreeAt = at + interval;
        }
        return { go: false, waitMs: Math.ceil(at - now) };
      } else {
        p.nextFreeAt = now + interval;
      }
    }
    p.inFlight++;
    return this.slotOf(p);
  }

  /** A held slot; its release hands it to the first delivery in the line, if any. */
  private slotOf(p: EndpointPace): Go {
    let released = false;
    return {
      go: true,
      release: (end) => {
        if (released) return;
        released = true;
        if (end) {
          p.latencyMs = p.lastEndedAt === -Infinity ? end.latencyMs : p.latencyMs + LATENCY_WEIGHT * (end.latencyMs - p.latencyMs);
          p.lastEndedAt = Math.max(p.lastEndedAt, end.at);
        }
        const paused = end !== undefined && p.pausedUntil > end.at;
        const next = paused ? undefined : p.line.shift();
        if (next) next(this.slotOf(p));
        else p.inFlight--;
      },
    };
  }

  /**
   * After `admit` answered busy (every slot taken): a place in the endpoint's line, or
   * null when the endpoint does not turn its attempts over quickly, is paced by a rate,
   * or already has twice `maxInFlight` deliveries waiting. The caller leaves the line after at
   * most BUSY_RECHECK_MS and then puts the delivery back as `admit` said.
   */
  join(endpointId: string, maxPerSecond: number | null, now: number): LinePlace | null {
    const p = this.paces.get(endpointId);
    if (!p || maxPerSecond !== null || p.pausedUntil > now || p.inFlight < this.maxInFlight || !this.lineOpen(p, now)) return null;
    let take!: (go: Go) => void;
    const slot = new Promise<Go>((resolve) => {
      take = resolve;
    });
    p.line.push(take);
    return {
      slot,
      leave: () => {
        const i = p.line.indexOf(take);
        if (i >= 0) p.line.splice(i, 1);
        return i >= 0;
      },
    };
  }

  private lineOpen(p: EndpointPace, now: number): boolean {
    return p.line.length < this.lineMax && now - p.lastEndedAt <= BUSY_RECHECK_MS && p.latencyMs <= LINE_LATENCY_MAX_MS;
  }

  /** The receiver asked for room (429/503 with Retry-After): no attempt to it before then. Returns the pause in ms. */
  pause(endpointId: string, retryAfterMs: number, now: number): number {
    const ms = Math.min(PAUSE_MAX_MS, Math.max(PAUSE_MIN_MS, retryAfterMs));
    const p = this.pace(endpointId);
    p.pausedUntil = Math.max(p.pausedUntil, now + ms);
    return ms;
  }
}

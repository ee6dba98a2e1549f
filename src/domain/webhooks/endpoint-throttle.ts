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
 *
 * The limits hold per worker process: N workers may together send N times the rate.
 */
export const PAUSE_MIN_MS = 1_000;
export const PAUSE_MAX_MS = 60_000;
/** How long a delivery waits when its endpoint has no free attempt slot. */
export const BUSY_RECHECK_MS = 250;
/** A slot given to a delivery is honoured this early (broker delays are not exact). */
const SLOT_EARLY_MS = 50;
/** Entries kept for endpoints and reserved slots before the oldest are forgotten. */
const MAX_TRACKED = 10_000;

interface EndpointPace {
  nextFreeAt: number;
  pausedUntil: number;
  inFlight: number;
}

export type Admission = { go: true; release: () => void } | { go: false; waitMs: number };

export class EndpointThrottle {
  private readonly paces = new Map<string, EndpointPace>();
  /** Slots given to deliveries told to wait, by delivery id. */
  private readonly slots = new Map<string, number>();

  constructor(private readonly maxInFlight: number) {
    if (!Number.isSafeInteger(maxInFlight) || maxInFlight < 1) throw new RangeError('maxInFlight must be an integer >= 1');
  }

  private pace(endpointId: string): EndpointPace {
    let p = this.paces.get(endpointId);
    if (!p) {
      if (this.paces.size >= MAX_TRACKED) this.forgetIdle();
      p = { nextFreeAt: 0, pausedUntil: 0, inFlight: 0 };
      this.paces.set(endpointId, p);
    }
    return p;
  }

  private forgetIdle(): void {
    for (const [id, p] of this.paces) if (p.inFlight === 0) this.paces.delete(id);
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
    let released = false;
    return {
      go: true,
      release: () => {
        if (released) return;
        released = true;
        p.inFlight--;
      },
    };
  }

  /** The receiver asked for room (429/503 with Retry-After): no attempt to it before then. Returns the pause in ms. */
  pause(endpointId: string, retryAfterMs: number, now: number): number {
    const ms = Math.min(PAUSE_MAX_MS, Math.max(PAUSE_MIN_MS, retryAfterMs));
    const p = this.pace(endpointId);
    p.pausedUntil = Math.max(p.pausedUntil, now + ms);
    return ms;
  }
}

import type { Clock } from '../shared/clock';
import { classifyAttempt, decideAfterFailure, parseRetryAfterSeconds } from './delivery-policy';
import { signedRequest } from './webhook-body';
import { attemptFailureReason } from './attempt-failure';
import type { AttemptRecord, ClaimedDelivery, DeliveryWorkStore, WebhookSender } from './webhooks.ports';
import { BUSY_RECHECK_MS, type EndpointThrottle, type Go } from './endpoint-throttle';

/** How long a claimed delivery stays reserved for the worker that claimed it. */
export const DELIVERY_LEASE_MS = 60_000;
const EXCERPT_MAX = 1_024;

/**
 * A 429 or 503 with Retry-After does not spend an attempt of the cycle while the
 * delivery has made fewer attempts than this in all: a receiver that always asks for
 * room still reaches the normal policy (and its expiry) in bounded time.
 */
export const UNSPENT_ATTEMPTS_MAX = 50;

const asksForRoom = (statusCode: number | undefined, retryAfterSeconds: number | undefined) =>
  (statusCode === 429 || statusCode === 503) && retryAfterSeconds !== undefined;

/** What the transport must do next with a delivery after handling it. */
export type ProcessResult =
  | { action: 'STALE' }
  | { action: 'LEASED'; retryInMs: number }
  | { action: 'DONE'; status: 'DELIVERED' | 'EXPIRED' | 'CANCELED' }
  | { action: 'RETRY_IN_CYCLE'; delayMs: number; attempts: number }
  | { action: 'NEXT_CYCLE'; delayMs: number; attempts: number }
  /** Another worker recorded this attempt first (a duplicate message): nothing to schedule. */
  | { action: 'FENCED' };

/**
 * One delivery attempt, the same in both backends: claim (lease), sign afresh, POST,
 * record the attempt and the next state in one statement (fenced by the attempt
 * count, so a duplicate message never moves a delivery twice), and tell the transport
 * what to schedule.
 */
export class DeliveryProcessor {
  constructor(
    private readonly deps: {
      store: DeliveryWorkStore;
      sender: WebhookSender;
      clock: Clock;
      random?: () => number;
      /** Per-endpoint pacing (rate, attempts in flight, Retry-After pauses); none: every delivery goes at once. */
      throttle?: EndpointThrottle;
      /** Resolves after ms (a delivery waiting in its endpoint's line); none: no line, a busy endpoint's delivery goes back at once. */
      wait?: (ms: number) => Promise<void>;
    },
  ) {}

  /** For a queue message `{deliveryId, attempts}` (RabbitMQ). */
  async handleMessage(deliveryId: string, expectedAttempts: number | undefined): Promise<ProcessResult> {
    const now = this.deps.clock.now();
    const claim = await this.deps.store.claim(deliveryId, expectedAttempts, now, new Date(now.getTime() + DELIVERY_LEASE_MS));
    if (claim.kind === 'STALE') return { action: 'STALE' };
    if (claim.kind === 'LEASED') return { action: 'LEASED', retryInMs: Math.max(0, claim.until.getTime() - now.getTime()) };
    return this.attempt(claim.delivery);
  }

  /** Back to the queue without an attempt (its endpoint is paced): the delivery keeps its attempts. */
  private async putBack(d: ClaimedDelivery, now: Date, waitMs: number): Promise<ProcessResult> {
    const ok = await this.deps.store.record({
      deliveryId: d.id,
      eventId: d.eventId,
      sellerId: d.sellerId,
      endpointId: d.endpointId,
      expectedAttempts: d.attempts,
      attempt: null,
      next: { status: 'PENDING', cycle: d.cycle, attemptInCycle: d.attemptInCycle, nextAttemptAt: new Date(now.getTime() + waitMs), deliveredAt: null, lastError: null, lastStatusCode: null },
      now,
    });
    return ok ? { action: 'RETRY_IN_CYCLE', delayMs: waitMs, attempts: d.attempts } : { action: 'FENCED' };
  }

  /**
   * Every attempt slot of a quick endpoint is taken: wait in its line for the next one,
   * at most BUSY_RECHECK_MS (what going back through the queue would cost anyway). Null:
   * no line for this endpoint, or no slot in time.
   */
  private async waitInLine(endpointId: string, maxPerSecond: number | null, now: Date): Promise<Go | null> {
    const place = this.deps.wait ? this.deps.throttle!.join(endpointId, maxPerSecond, now.getTime()) : null;
    if (!place) return null;
    const go = await Promise.race([place.slot, this.deps.wait!(BUSY_RECHECK_MS).then(() => null)]);
    if (go) return go;
    return place.leave() ? null : place.slot; // a slot handed over as the wait ended is taken, never lost
  }

  /** For a delivery already claimed (embedded queue). */
  async attempt(d: ClaimedDelivery): Promise<ProcessResult> {
    const { clock, store, sender } = this.deps;
    const now = clock.now();
    const base = { deliveryId: d.id, eventId: d.eventId, sellerId: d.sellerId, endpointId: d.endpointId, expectedAttempts: d.attempts };
    const terminal = (status: 'EXPIRED' | 'CANCELED', lastError: string): AttemptRecord => ({
      ...base,
      attempt: null,
      next: { status, cycle: d.cycle, attemptInCycle: d.attemptInCycle, nextAttemptAt: null, deliveredAt: null, lastError, lastStatusCode: null },
      now,
    });
    if (d.secret === null) {
      return (await store.record(terminal('CANCELED', 'registration deleted'))) ? { action: 'DONE', status: 'CANCELED' } : { action: 'FENCED' };
    }
    if (now.getTime() >= d.expiresAt.getTime()) {
      return (await store.record(terminal('EXPIRED', 'expired before the attempt'))) ? { action: 'DONE', status: 'EXPIRED' } : { action: 'FENCED' };
    }

    let release: Go['release'] = () => undefined;
    let sentAt = now;
    if (this.deps.throttle && d.endpointId !== null) {
      const admission = this.deps.throttle.admit(d.id, d.endpointId, d.maxPerSecond, now.getTime());
      let go: Go | null = admission.go ? admission : null;
      if (!admission.go) {
        go = await this.waitInLine(d.endpointId, d.maxPerSecond, now);
        if (!go) return this.putBack(d, clock.now(), admission.waitMs);
        sentAt = clock.now();
      }
      release = go!.release;
    }
    const request = signedRequest({ body: d.payload, eventId: d.eventId, secret: d.secret, now: sentAt, expiresAt: d.expiresAt });
    let outcome: Awaited<ReturnType<WebhookSender['send']>>;
    try {
      outcome = await sender.send(d.url, request);
    } catch (err) {
      release();
      throw err;
    }
    const after = clock.now();
    const retryAfterSeconds = parseRetryAfterSeconds(outcome.retryAfter, after);
    const asked = Boolean(this.deps.throttle) && d.endpointId !== null && asksForRoom(outcome.statusCode, retryAfterSeconds) && d.attempts < UNSPENT_ATTEMPTS_MAX;
    // The pause is set before the slot is released, so no delivery in the line takes it meanwhile.
    const pauseMs = asked ? this.deps.throttle!.pause(d.endpointId!, retryAfterSeconds! * 1000, after.getTime()) : 0;
    release({ at: after.getTime(), latencyMs: outcome.latencyMs });
    const attemptInCycle = d.attemptInCycle + 1;
    const attempt = {
      cycle: d.cycle,
      attemptInCycle,
      attemptedAt: sentAt,
      url: d.url,
      success: classifyAttempt(outcome) === 'SUCCESS',
      statusCode: outcome.statusCode ?? null,
      latencyMs: Math.max(0, Math.round(outcome.latencyMs)),
      error: attemptFailureReason(outcome),
      responseExcerpt: outcome.responseExcerpt === undefined ? null : outcome.responseExcerpt.slice(0, EXCERPT_MAX),
    };
    const common = { ...base, attempt, now: after };

    if (attempt.success) {
      const ok = await store.record({
        ...common,
        next: { status: 'DELIVERED', cycle: d.cycle, attemptInCycle, nextAttemptAt: null, deliveredAt: after, lastError: null, lastStatusCode: attempt.statusCode },
      });
      return ok ? { action: 'DONE', status: 'DELIVERED' } : { action: 'FENCED' };
    }

    const failed = { lastError: attempt.error, lastStatusCode: attempt.statusCode, deliveredAt: null };
    const attempts = d.attempts + 1;
    if (asked) {
      // The receiver asked for room: the endpoint pauses and this attempt is not spent.
      const nextAttemptAt = new Date(after.getTime() + pauseMs);
      if (nextAttemptAt.getTime() < d.expiresAt.getTime()) {
        const ok = await store.record({ ...common, next: { ...failed, status: 'PENDING', cycle: d.cycle, attemptInCycle: d.attemptInCycle, nextAttemptAt } });
        return ok ? { action: 'RETRY_IN_CYCLE', delayMs: pauseMs, attempts } : { action: 'FENCED' };
      }
    }

    const decision = decideAfterFailure({
      attemptInCycle,
      cycle: d.cycle,
      now: after,
      expiresAt: d.expiresAt,
      random: this.deps.random ?? Math.random,
      statusCode: outcome.statusCode,
      timedOut: outcome.timedOut,
      retryAfterSeconds,
    });
    switch (decision.action) {
      case 'EXPIRE': {
        const ok = await store.record({ ...common, next: { ...failed, status: 'EXPIRED', cycle: d.cycle, attemptInCycle, nextAttemptAt: null } });
        return ok ? { action: 'DONE', status: 'EXPIRED' } : { action: 'FENCED' };
      }
      case 'RETRY_IN_CYCLE': {
        const nextAttemptAt = new Date(after.getTime() + decision.delayMs);
        const ok = await store.record({ ...common, next: { ...failed, status: 'PENDING', cycle: d.cycle, attemptInCycle, nextAttemptAt } });
        return ok ? { action: 'RETRY_IN_CYCLE', delayMs: decision.delayMs, attempts } : { action: 'FENCED' };
      }
      case 'NEXT_CYCLE': {
        const nextAttemptAt = new Date(after.getTime() + decision.delayMs);
        const ok = await store.record({ ...common, next: { ...failed, status: 'PENDING', cycle: d.cycle + 1, attemptInCycle: 0, nextAttemptAt } });
        return ok ? { action: 'NEXT_CYCLE', delayMs: decision.delayMs, attempts } : { action: 'FENCED' };
      }
    }
  }
}

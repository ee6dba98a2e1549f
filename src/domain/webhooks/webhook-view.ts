import type { RecordedStateChange } from './endpoint-health.ports';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from './webhook.types';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A registration as both doors show it; `secret` only on create and rotation. */
export type WebhookView = {
  id: string;
  eventType: string;
  url: string;
  description: string | null;
  secretLast4: string;
  secret?: string;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string | null;
  /** ACTIVE, FAILING or DISABLED, since when and why (null: never changed). */
  state: string;
  stateChangedAt: string | null;
  stateReason: string | null;
  maxDeliveriesPerSecond: number | null;
};

export function webhookView(e: WebhookEndpoint, secret?: string): WebhookView {
  return {
    id: e.id,
    eventType: e.category,
    url: e.url,
    description: e.description,
    secretLast4: e.secretLast4,
    ...(secret !== undefined ? { secret } : {}),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    secretRotatedAt: iso(e.secretRotatedAt),
    state: e.state,
    stateChangedAt: iso(e.stateChangedAt),
    stateReason: e.stateReason,
    maxDeliveriesPerSecond: e.maxPerSecond,
  };
}

export type WebhookDeliveryView = ReturnType<typeof deliveryView>;

export function deliveryView(d: WebhookDelivery) {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    resourceType: d.aggregateType,
    resourceId: d.aggregateId,
    target: d.target,
    webhookId: d.endpointId,
    url: d.url,
    trigger: d.trigger,
    status: d.status,
    attempts: d.attempts,
    cycle: d.cycle,
    nextAttemptAt: iso(d.nextAttemptAt),
    expiresAt: d.expiresAt.toISOString(),
    lastAttemptAt: iso(d.lastAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    deliveredAt: iso(d.deliveredAt),
    replayOf: d.replayOf,
    createdAt: d.createdAt.toISOString(),
  };
}

export type WebhookAttemptView = ReturnType<typeof attemptView>;

export function attemptView(a: WebhookAttempt) {
  return {
    id: a.id,
    deliveryId: a.deliveryId,
    eventId: a.eventId,
    webhookId: a.endpointId,
    number: a.number,
    cycle: a.cycle,
    attemptInCycle: a.attemptInCycle,
    attemptedAt: a.attemptedAt.toISOString(),
    url: a.url,
    success: a.success,
    statusCode: a.statusCode,
    latencyMs: a.latencyMs,
    error: a.error,
    responseExcerpt: a.responseExcerpt,
  };
}

/** The secret signing deliveries to transactions' postbackUrl. */
export type PostbackSecretView = { secret: string; createdAt: string; rotatedAt: string | null };

export const postbackSecretView = (s: { secret: string; createdAt: Date; rotatedAt: Date | null }): PostbackSecretView => ({
  secret: s.secret,
  createdAt: s.createdAt.toISOString(),
  rotatedAt: iso(s.rotatedAt),
});

/** One change of a registration's state, as both doors show it. */
export const stateChangeView = (c: RecordedStateChange) => ({ id: c.id, from: c.from, to: c.to, reason: c.reason, detail: c.detail, changedAt: c.at.toISOString() });

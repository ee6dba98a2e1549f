import type { EndpointState } from './endpoint-health';

/** Webhook registrations, deliveries and attempts as the domain sees them. */

export const WEBHOOK_CATEGORIES = ['TRANSACTION', 'WITHDRAWAL', 'DISPUTE', 'RECURRENCE', 'SPLIT_SHARE', 'ALL'] as const;
export type WebhookCategory = (typeof WEBHOOK_CATEGORIES)[number];

export type AggregateType = 'TRANSACTION' | 'WITHDRAWAL' | 'DISPUTE' | 'RECURRENCE' | 'SPLIT_SHARE' | 'WEBHOOK';

export interface WebhookEndpoint {
  id: string;
  sellerId: string;
  /** The registration's `eventType` (SPEC): the category of events it receives. */
  category: WebhookCategory;
  url: string;
  description: string | null;
  /** Last 4 characters of the signing secret, to tell secrets apart in the dashboard. */
  secretLast4: string;
  createdAt: Date;
  updatedAt: Date;
  secretRotatedAt: Date | null;
  /** Its health (endpoint-health.ts): ACTIVE, FAILING or DISABLED, since when and why. */
  state: EndpointState;
  stateChangedAt: Date | null;
  stateReason: string | null;
  /** At most this many deliveries per second to it (null: no limit of its own). */
  maxPerSecond: number | null;
}

export type DeliveryTarget = 'ENDPOINT' | 'POSTBACK';
export type DeliveryTrigger = 'EVENT' | 'MANUAL' | 'REPLAY' | 'TEST';
/**
 * PENDING: waiting for its next attempt (or being attempted); DELIVERED: a 2xx came
 * back; EXPIRED: `expires_at` passed without a 2xx; FAILED: the target can never be
 * reached as given (a postbackUrl that is not HTTPS); CANCELED: its registration was
 * deleted before it was delivered; HELD: its registration is disabled, the event is kept
 * for a recovery when it is enabled again.
 */
export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'EXPIRED' | 'FAILED' | 'CANCELED' | 'HELD';

/** What a delivery is: which event goes where, and why. */
interface DeliveryIdentity {
  id: string;
  /** X-Webhook-Id: the event's id, the same for every attempt and every resend. */
  eventId: string;
  eventType: string;
  sellerId: string;
  aggregateType: AggregateType | 'TEST';
  aggregateId: string;
  target: DeliveryTarget;
  endpointId: string | null;
  url: string;
  trigger: DeliveryTrigger;
  expiresAt: Date;
  replayOf: string | null;
  createdAt: Date;
}

export interface WebhookDelivery extends DeliveryIdentity {
  status: DeliveryStatus;
  attempts: number;
  cycle: number;
  attemptInCycle: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  updatedAt: Date;
}

export interface WebhookAttempt {
  id: string;
  deliveryId: string;
  eventId: string;
  endpointId: string | null;
  /** 1-based over the whole delivery. */
  number: number;
  cycle: number;
  attemptInCycle: number;
  attemptedAt: Date;
  url: string;
  success: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** At most 1 KB of the response body. */
  responseExcerpt: string | null;
}

/** A delivery to create: saved (with its body) before its id is enqueued. */
export interface NewDelivery extends DeliveryIdentity {
  dedupeKey: string;
  /** Masked resource fields + eventType: the body without version, expires_at, signature. */
  payload: Record<string, unknown>;
  status: 'PENDING' | 'FAILED';
  lastError: string | null;
  nextAttemptAt: Date;
}

export interface Page<T> {
  items: T[];
  total: number;
  take: number;
  skip: number;
}

import type { AggregateType, DeliveryStatus, WebhookAttempt, WebhookDelivery } from '../../domain/webhooks/webhook.types';

/** Rows of webhook_deliveries and webhook_attempts, and their domain shapes. */

export interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  seller_id: string;
  aggregate_type: AggregateType | 'TEST';
  aggregate_id: string;
  target: 'ENDPOINT' | 'POSTBACK';
  endpoint_id: string | null;
  url: string;
  trigger: WebhookDelivery['trigger'];
  status: DeliveryStatus;
  attempts: number;
  cycle: number;
  attempt_in_cycle: number;
  next_attempt_at: Date | null;
  expires_at: Date;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  replay_of: string | null;
  created_at: Date;
  updated_at: Date;
}

export const date = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

export const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  eventId: r.event_id,
  eventType: r.event_type,
  sellerId: r.seller_id,
  aggregateType: r.aggregate_type,
  aggregateId: r.aggregate_id,
  target: r.target,
  endpointId: r.endpoint_id,
  url: r.url,
  trigger: r.trigger,
  status: r.status,
  attempts: r.attempts,
  cycle: r.cycle,
  attemptInCycle: r.attempt_in_cycle,
  nextAttemptAt: date(r.next_attempt_at),
  expiresAt: new Date(r.expires_at),
  lastAttemptAt: date(r.last_attempt_at),
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  deliveredAt: date(r.delivered_at),
  replayOf: r.replay_of,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

export interface AttemptRow {
  id: string;
  delivery_id: string;
  event_id: string;
  endpoint_id: string | null;
  number: number;
  cycle: number;
  attempt_in_cycle: number;
  attempted_at: Date;
  url: string;
  success: boolean;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

export const toAttempt = (r: AttemptRow): WebhookAttempt => ({
  id: String(r.id),
  deliveryId: r.delivery_id,
  eventId: r.event_id,
  endpointId: r.endpoint_id,
  number: r.number,
  cycle: r.cycle,
  attemptInCycle: r.attempt_in_cycle,
  attemptedAt: new Date(r.attempted_at),
  url: r.url,
  success: r.success,
  statusCode: r.status_code,
  latencyMs: r.latency_ms,
  error: r.error,
  responseExcerpt: r.response_excerpt,
});

/** A fresh delivery id, made by PostgreSQL in the statement that inserts it. */
export const NEW_ID = `'dlv_' || replace(gen_random_uuid()::text, '-', '')`;

import { z } from 'zod';
import { validationError } from '../shared/errors';
import { asObject, coded, parseWith } from '../shared/zod-input';
import { webhookUrl } from './webhook-url';
import { WEBHOOK_CATEGORIES, type WebhookCategory } from './webhook.types';

export const WEBHOOK_DESCRIPTION_MAX = 200;

const eventType = z
  .enum(WEBHOOK_CATEGORIES, coded('INVALID_WEBHOOK_EVENT_TYPE', `eventType must be one of ${WEBHOOK_CATEGORIES.join(', ')}`))
  .describe('the category of events sent');
/** Absent or null is no description. */
const description = z
  .string(coded('INVALID_WEBHOOK_DESCRIPTION', `description must be a string of at most ${WEBHOOK_DESCRIPTION_MAX} characters`))
  .max(WEBHOOK_DESCRIPTION_MAX)
  .nullish();

export const MAX_DELIVERIES_PER_SECOND = 1_000;
/** Absent keeps the current value; null is no limit of its own. */
const maxDeliveriesPerSecond = z
  .number(coded('INVALID_WEBHOOK_RATE', `maxDeliveriesPerSecond must be an integer from 1 to ${MAX_DELIVERIES_PER_SECOND}, or null`))
  .int()
  .min(1)
  .max(MAX_DELIVERIES_PER_SECOND)
  .nullish()
  .describe('at most this many deliveries per second to this webhook; null or absent: no limit of its own');

/** POST /v1/webhooks and `createWebhook`: checked in this order, eventType, description, url, maxDeliveriesPerSecond. */
export const WebhookRegistration = z.object({ eventType, description, url: webhookUrl('url'), maxDeliveriesPerSecond }).strict();

/**
 * PATCH /v1/webhooks/:id and `updateWebhook`: each field optional, checked in this
 * order, eventType, url, description; a null description clears it.
 */
export const WebhookUpdate = z.object({ eventType: eventType.optional(), url: webhookUrl('url').optional(), description, maxDeliveriesPerSecond }).strict();

export interface WebhookSettings {
  category: WebhookCategory;
  /** Syntax checked; the target guard still decides whether its address may be called. */
  url: URL;
  description: string | null;
  maxPerSecond: number | null;
}

export function parseWebhookRegistration(input: unknown): WebhookSettings {
  const r = parseWith(WebhookRegistration, asObject(input));
  return { category: r.eventType, url: r.url, description: r.description ?? null, maxPerSecond: r.maxDeliveriesPerSecond ?? null };
}

/** The fields to change; at least one. */
export function parseWebhookUpdate(input: unknown): Partial<WebhookSettings> {
  const r = parseWith(WebhookUpdate, asObject(input));
  if (r.eventType === undefined && r.url === undefined && r.description === undefined && r.maxDeliveriesPerSecond === undefined) {
    throw validationError('NOTHING_TO_UPDATE', 'send eventType, url, description or maxDeliveriesPerSecond');
  }
  const patch: Partial<WebhookSettings> = {};
  if (r.eventType !== undefined) patch.category = r.eventType;
  if (r.url !== undefined) patch.url = r.url;
  if (r.description !== undefined) patch.description = r.description;
  if (r.maxDeliveriesPerSecond !== undefined) patch.maxPerSecond = r.maxDeliveriesPerSecond;
  return patch;
}

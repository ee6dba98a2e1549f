import { Router } from 'express';
import type { Services } from '../../app/services';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../domain/webhooks/webhook.types';
import { rateLimited } from '../middleware/rate-limit';
import { authenticate, sellerOf } from '../middleware/auth';

const BASE = '/v1/webhooks';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The registration as the API shows it; the secret only on create and rotation. */
export function webhookView(e: WebhookEndpoint, secret?: string) {
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
  };
}

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

const q = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/**
 * Webhook management (SPEC "Webhook management"), x-api-key or Bearer:
 *   POST   /v1/webhooks                          register {eventType, url, description?} -> 201, secret shown once
 *   GET    /v1/webhooks                          list
 *   GET    /v1/webhooks/:id                      get
 *   PATCH  /v1/webhooks/:id                      update {eventType?, url?, description?}
 *   DELETE /v1/webhooks/:id                      delete (pending deliveries canceled)
 *   POST   /v1/webhooks/:id/rotate-secret        new secret, shown once
 *   POST   /v1/webhooks/:id/test                 queue a signed WEBHOOK_TEST event
 *   GET    /v1/webhooks/:id/deliveries           its deliveries (?status, take, skip)
 *   GET    /v1/webhooks/:id/attempts             its attempts (?take, skip)
 *   GET    /v1/webhooks/deliveries               all deliveries (?status, eventId, take, skip)
 *   GET    /v1/webhooks/deliveries/:deliveryId   one delivery with its attempts
 *   GET    /v1/webhooks/events/:eventId/attempts attempts of one event (X-Webhook-Id)
 *   POST   /v1/webhooks/resend-withdrawal-event  {withdrawalIds: [...]}
 *   POST   /v1/webhooks/resend-transaction-event {transactionIds: [...]}
 *   POST   /v1/webhooks/replay-failed            {from, to?, webhookId?}
 *   GET    /v1/webhooks/postback-secret          the secret signing postbackUrl deliveries
 *   POST   /v1/webhooks/postback-secret/rotate
 */
export function webhooksRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'apiKeyHeader'));
  const { webhooks, webhookReplay } = services;
  const body = (req: { body?: unknown }) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});

  router.post(BASE, auth, async (req, res) => {
    const b = body(req);
    const { secret, ...endpoint } = await webhooks.register(sellerOf(res).id, { eventType: b.eventType, url: b.url, description: b.description });
    res.status(201).json({ status: true, data: webhookView(endpoint, secret) });
  });

  router.get(BASE, auth, async (_req, res) => {
    res.json({ status: true, data: (await webhooks.list(sellerOf(res).id)).map((e) => webhookView(e)) });
  });

  // Fixed paths first: they would otherwise match /:id.
  router.post(`${BASE}/resend-withdrawal-event`, auth, async (req, res) => {
    const results = await webhookReplay.resendLatest(sellerOf(res).id, 'WITHDRAWAL', body(req).withdrawalIds, 'withdrawalIds');
    res.json({ status: true, data: { results } });
  });

  router.post(`${BASE}/resend-transaction-event`, auth, async (req, res) => {
    const results = await webhookReplay.resendLatest(sellerOf(res).id, 'TRANSACTION', body(req).transactionIds, 'transactionIds');
    res.json({ status: true, data: { results } });
  });

  router.post(`${BASE}/replay-failed`, auth, async (req, res) => {
    const b = body(req);
    res.json({ status: true, data: await webhookReplay.replayFailed(sellerOf(res).id, { from: b.from, to: b.to, webhookId: b.webhookId }) });
  });

  router.get(`${BASE}/postback-secret`, auth, async (_req, res) => {
    const s = await webhooks.postbackSecret(sellerOf(res).id);
    res.json({ status: true, data: { secret: s.secret, createdAt: s.createdAt.toISOString(), rotatedAt: iso(s.rotatedAt) } });
  });

  router.post(`${BASE}/postback-secret/rotate`, auth, async (_req, res) => {
    const s = await webhooks.rotatePostbackSecret(sellerOf(res).id);
    res.json({ status: true, data: { secret: s.secret, createdAt: s.createdAt.toISOString(), rotatedAt: iso(s.rotatedAt) } });
  });

  router.get(`${BASE}/deliveries`, auth, async (req, res) => {
    const page = await webhookReplay.listDeliveries(sellerOf(res).id, {
      eventId: q(req.query.eventId),
      status: req.query.status,
      take: req.query.take,
      skip: req.query.skip,
    });
    res.json({ status: true, data: { ...page, items: page.items.map(deliveryView) } });
  });

  router.get(`${BASE}/deliveries/:deliveryId`, auth, async (req, res) => {
    const { delivery, attempts } = await webhookReplay.getDelivery(sellerOf(res).id, String(req.params.deliveryId));
    res.json({ status: true, data: { ...deliveryView(delivery), attemptLog: attempts.map(attemptView) } });
  });

  router.get(`${BASE}/events/:eventId/attempts`, auth, async (req, res) => {
    const page = await webhookReplay.listAttempts(sellerOf(res).id, { eventId: String(req.params.eventId), take: req.query.take, skip: req.query.skip });
    res.json({ status: true, data: { ...page, items: page.items.map(attemptView) } });
  });

  router.get(`${BASE}/:id`, auth, async (req, res) => {
    res.json({ status: true, data: webhookView(await webhooks.get(sellerOf(res).id, String(req.params.id))) });
  });

  router.patch(`${BASE}/:id`, auth, async (req, res) => {
    const b = body(req);
    const endpoint = await webhooks.update(sellerOf(res).id, String(req.params.id), { eventType: b.eventType, url: b.url, description: b.description });
    res.json({ status: true, data: webhookView(endpoint) });
  });

  router.delete(`${BASE}/:id`, auth, async (req, res) => {
    const id = String(req.params.id);
    await webhooks.delete(sellerOf(res).id, id);
    res.json({ status: true, data: { id, deleted: true } });
  });

  router.post(`${BASE}/:id/rotate-secret`, auth, async (req, res) => {
    const { secret, ...endpoint } = await webhooks.rotateSecret(sellerOf(res).id, String(req.params.id));
    res.json({ status: true, data: webhookView(endpoint, secret) });
  });

  router.post(`${BASE}/:id/test`, auth, async (req, res) => {
    const delivery = await webhooks.sendTestEvent(sellerOf(res).id, String(req.params.id));
    res.status(202).json({ status: true, data: deliveryView(delivery) });
  });

  router.get(`${BASE}/:id/deliveries`, auth, async (req, res) => {
    const sellerId = sellerOf(res).id;
    const id = String(req.params.id);
    await webhooks.get(sellerId, id); // 404 for another seller's id
    const page = await webhookReplay.listDeliveries(sellerId, { webhookId: id, status: req.query.status, take: req.query.take, skip: req.query.skip });
    res.json({ status: true, data: { ...page, items: page.items.map(deliveryView) } });
  });

  router.get(`${BASE}/:id/attempts`, auth, async (req, res) => {
    const sellerId = sellerOf(res).id;
    const id = String(req.params.id);
    await webhooks.get(sellerId, id);
    const page = await webhookReplay.listAttempts(sellerId, { webhookId: id, take: req.query.take, skip: req.query.skip });
    res.json({ status: true, data: { ...page, items: page.items.map(attemptView) } });
  });

  return router;
}

import { Router } from 'express';
import type { Services } from '../../application/services';
import { attemptView, deliveryView, postbackSecretView, stateChangeView, webhookView } from '../../domain/webhooks/webhook-view';
import { rateLimited } from '../middleware/rate-limit';
import { authenticate, sellerOf } from '../middleware/auth';
import { sendCommandResult } from '../send-command-result';

const BASE = '/v1/webhooks';

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
 *   POST   /v1/webhooks/:id/enable               ACTIVE again {recoverSince?}: what it missed since then is replayed
 *   GET    /v1/webhooks/:id/state-changes        its state changes with their reasons, newest first
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
  const { webhooks, webhookReplay, commands } = services;

  router.post(BASE, auth, async (req, res) => {
    sendCommandResult(res, 201, await commands.registerWebhook({ seller: sellerOf(res), input: req.body }));
  });

  router.get(BASE, auth, async (_req, res) => {
    res.json({ status: true, data: (await webhooks.list(sellerOf(res).id)).map((e) => webhookView(e)) });
  });

  // Fixed paths first: they would otherwise match /:id.
  router.post(`${BASE}/resend-withdrawal-event`, auth, async (req, res) => {
    sendCommandResult(res, 200, await commands.resendWithdrawalEvents({ seller: sellerOf(res), input: req.body }));
  });

  router.post(`${BASE}/resend-transaction-event`, auth, async (req, res) => {
    sendCommandResult(res, 200, await commands.resendTransactionEvents({ seller: sellerOf(res), input: req.body }));
  });

  router.post(`${BASE}/replay-failed`, auth, async (req, res) => {
    sendCommandResult(res, 200, await commands.replayFailedWebhookDeliveries({ seller: sellerOf(res), input: req.body }));
  });

  router.get(`${BASE}/postback-secret`, auth, async (_req, res) => {
    res.json({ status: true, data: postbackSecretView(await webhooks.postbackSecret(sellerOf(res).id)) });
  });

  router.post(`${BASE}/postback-secret/rotate`, auth, async (_req, res) => {
    sendCommandResult(res, 200, await commands.rotatePostbackSecret({ seller: sellerOf(res) }));
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
    sendCommandResult(res, 200, await commands.updateWebhook({ seller: sellerOf(res), id: String(req.params.id), input: req.body }));
  });

  router.delete(`${BASE}/:id`, auth, async (req, res) => {
    sendCommandResult(res, 200, await commands.deleteWebhook({ seller: sellerOf(res), id: String(req.params.id) }));
  });

  router.post(`${BASE}/:id/rotate-secret`, auth, async (req, res) => {
    sendCommandResult(res, 200, await commands.rotateWebhookSecret({ seller: sellerOf(res), id: String(req.params.id) }));
  });

  router.post(`${BASE}/:id/test`, auth, async (req, res) => {
    sendCommandResult(res, 202, await commands.sendWebhookTestEvent({ seller: sellerOf(res), id: String(req.params.id) }));
  });

  router.post(`${BASE}/:id/enable`, auth, async (req, res) => {
    sendCommandResult(res, 200, await commands.enableWebhook({ seller: sellerOf(res), id: String(req.params.id), input: req.body }));
  });

  router.get(`${BASE}/:id/state-changes`, auth, async (req, res) => {
    const changes = await services.webhookHealth.history(sellerOf(res).id, String(req.params.id));
    res.json({ status: true, data: changes.map(stateChangeView) });
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

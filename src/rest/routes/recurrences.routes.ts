import { Router } from 'express';
import type { Services } from '../../application/services';
import { SANDBOX_PAYER_ACTIONS } from '../../domain/recurrences/recurrence.commands';
import { sendCommandResult } from '../send-command-result';
import { rateLimited } from '../middleware/rate-limit';
import { authenticate, sellerOf } from '../middleware/auth';

const BASE = '/api/v1/cobranca/recurrences';

/** PIX Automático recurrences: create, list, get and cancel, their cycles and the next variable amount (/api/v1/cobranca/recurrences). */
export function recurrencesRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'apiKeyHeader'));

  router.post(BASE, auth, async (req, res) => {
    const result = await services.commands.createRecurrence({ seller: sellerOf(res), input: req.body, idempotencyKey: req.header('idempotency-key') });
    sendCommandResult(res, 201, result);
  });

  router.get(BASE, auth, async (req, res) => {
    res.json({ status: true, data: await services.recurrenceQueries.list(sellerOf(res).id, req.query) });
  });

  router.get(`${BASE}/:id`, auth, async (req, res) => {
    res.json({ status: true, data: await services.recurrenceQueries.get(sellerOf(res).id, String(req.params.id)) });
  });

  router.post(`${BASE}/:id/cancel`, auth, async (req, res) => {
    sendCommandResult(res, 200, await services.commands.cancelRecurrence({ seller: sellerOf(res), recurrenceId: String(req.params.id), input: req.body }));
  });

  router.get(`${BASE}/:id/cycles`, auth, async (req, res) => {
    res.json({ status: true, data: { items: await services.recurrenceQueries.cycles(sellerOf(res).id, String(req.params.id)) } });
  });

  router.post(`${BASE}/:id/next-cycle-amount`, auth, async (req, res) => {
    sendCommandResult(res, 200, await services.commands.setNextCycleAmount({ seller: sellerOf(res), recurrenceId: String(req.params.id), input: req.body }));
  });

  return router;
}

/** Sandbox only: the simulated payer approves, rejects or cancels a recurrence, pays or fails a cycle; the recurrence's clock moves to its next cycle. */
export function recurrencesSandboxRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'apiKeyHeader'));
  for (const action of SANDBOX_PAYER_ACTIONS) {
    router.post(`/v1/sandbox/recurrences/:id/${action}`, auth, async (req, res) => {
      sendCommandResult(res, 200, await services.commands.sandboxPayerActsOnRecurrence({ seller: sellerOf(res), recurrenceId: String(req.params.id), action, input: req.body }));
    });
  }
  router.post('/v1/sandbox/recurrences/:id/advance', auth, async (req, res) => {
    sendCommandResult(res, 200, await services.commands.sandboxAdvanceRecurrenceClock({ seller: sellerOf(res), recurrenceId: String(req.params.id) }));
  });
  router.post('/v1/sandbox/recurrences/:id/cycles/:number/pay', auth, async (req, res) => {
    sendCommandResult(res, 200, await services.commands.sandboxPayCycle({ seller: sellerOf(res), recurrenceId: String(req.params.id), number: req.params.number }));
  });
  router.post('/v1/sandbox/recurrences/:id/cycles/:number/fail', auth, async (req, res) => {
    const r = { seller: sellerOf(res), recurrenceId: String(req.params.id), number: req.params.number, input: req.body };
    sendCommandResult(res, 200, await services.commands.sandboxFailCycle(r));
  });
  return router;
}

import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import type { Services } from '../../application/services';
import { appealAnswer, disputeView } from '../../domain/disputes/dispute-view';
import { EVIDENCE_MEDIA_TYPE, evidenceView } from '../../domain/disputes/evidence';
import { readAppealForm } from '../multipart-appeal';
import { sendCommandAnswer, sendCommandResult } from '../send-command-result';
import { rateLimited } from '../middleware/rate-limit';
import { authenticate, sellerOf } from '../middleware/auth';

const query = (req: Request, name: string): unknown => (req.query as Record<string, unknown>)[name];

/**
 * The seller's disputes (`x-api-key`): GET /v1/disputes (filters status, origin,
 * transactionId, startDate, endDate; take / skip), GET /v1/disputes/:id with its
 * evidence, the evidence download, and POST /v1/disputes/appeal (multipart,
 * Idempotency-Key kept 72 h).
 */
export function disputesRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'apiKeyHeader'));

  router.get('/v1/disputes', auth, async (req, res) => {
    const page = await services.disputeQueries.list(sellerOf(res).id, {
      take: query(req, 'take'),
      skip: query(req, 'skip'),
      status: query(req, 'status'),
      origin: query(req, 'origin'),
      transactionId: query(req, 'transactionId'),
      startDate: query(req, 'startDate'),
      endDate: query(req, 'endDate'),
    });
    res.json({ status: true, data: { data: page.items.map(disputeView), count: page.total, take: page.take, skip: page.skip } });
  });

  router.get('/v1/disputes/:id', auth, async (req, res) => {
    const { dispute, evidence } = await services.disputeQueries.detail(sellerOf(res).id, String(req.params.id));
    res.json({ status: true, data: { ...disputeView(dispute), evidence: evidence.map(evidenceView) } });
  });

  router.get('/v1/disputes/:id/evidence/:fileId', auth, async (req, res) => {
    const { file, size, body } = await services.disputeQueries.evidenceFile(sellerOf(res).id, String(req.params.id), String(req.params.fileId));
    res.setHeader('Content-Type', EVIDENCE_MEDIA_TYPE[file.type]);
    res.setHeader('Content-Length', String(size));
    res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Streamed from the store as it arrives; a store failure mid-way cuts the response short
    // (logged), a client that goes away just ends it.
    await pipeline(body, res).catch((err: unknown) => {
      if ((err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') services.logger.warn({ err, fileId: file.id }, 'evidence download interrupted');
    });
  });

  router.post('/v1/disputes/appeal', auth, async (req, res) => {
    const form = await readAppealForm(req, res);
    const result = await services.commands.appealDispute({ seller: sellerOf(res), fields: form.fields, files: form.files, idempotencyKey: req.header('idempotency-key') });
    sendCommandAnswer(res, 200, result, appealAnswer);
  });

  return router;
}

/**
 * Sandbox only: the simulated institution opens a contestation, returns a payment
 * through MED, or decides a dispute; all through the one institution report path.
 */
export function disputesSandboxRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'apiKeyHeader'));

  for (const [path, status] of [
    ['dispute', 'DISPUTE'],
    ['med', 'CHARGEDBACK'],
  ] as const) {
    router.post(`/v1/sandbox/transactions/:id/${path}`, auth, async (_req, res) => {
      sendCommandResult(res, 200, await services.commands.sandboxOpenDispute({ seller: sellerOf(res), transactionId: String(_req.params.id), kind: status }));
    });
  }

  router.post('/v1/sandbox/disputes/:id/decide', auth, async (req, res) => {
    sendCommandResult(res, 200, await services.commands.sandboxDecideDispute({ seller: sellerOf(res), disputeId: String(req.params.id), input: req.body }));
  });

  return router;
}

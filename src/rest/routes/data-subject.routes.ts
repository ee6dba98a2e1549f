import { Router } from 'express';
import { pipeline } from 'node:stream/promises';
import type { Services } from '../../application/services';
import { addressRateLimit, rateLimited } from '../middleware/rate-limit';
import { authenticate, principalOf } from '../middleware/auth';
import { clientAddress } from '../middleware/rate-limit';
import { TWO_FACTOR_HEADER } from '../two-factor-header';

/**
 * Data-subject rights (SPEC): `GET /data-subject/export` and
 * `POST /data-subject/erasure-request`, `Authorization: Bearer` (API key or dashboard
 * session; through a key whose owner has 2FA on, with a current code in `X-2FA-Code`);
 * plus the single-use link of a queued export, whose token is its credential.
 */
export function dataSubjectRoutes(services: Services): Router {
  const router = Router();
  const auth = rateLimited(services, authenticate(services, 'bearer'));

  router.get('/data-subject/export', auth, async (req, res) => {
    const answer = await services.commands.requestDataExport({ principal: principalOf(res), twoFactorCode: req.header(TWO_FACTOR_HEADER), address: clientAddress(req) });
    if (answer.queued) {
      const { id, requestedAt } = answer.request;
      res.status(202).json({
        status: true,
        data: { requestId: id, requestedAt: requestedAt.toISOString() },
        message: 'The export was queued: the file will be sent by e-mail to the account address.',
      });
      return;
    }
    res.json({ status: true, data: answer.data, message: 'Personal data export.' });
  });

  router.post('/data-subject/erasure-request', auth, async (req, res) => {
    const { request, existing } = await services.commands.requestErasure({
      principal: principalOf(res),
      input: req.body,
      twoFactorCode: req.header(TWO_FACTOR_HEADER),
      address: clientAddress(req),
    });
    const due = request.dueAt?.toISOString();
    res.status(existing ? 200 : 201).json({
      status: true,
      data: { requestId: request.id, requestedAt: request.requestedAt.toISOString() },
      message: existing
        ? `An erasure request is already open; it will be processed by ${due}.`
        : `Erasure request received; it will be processed within 15 business days (by ${due}).`,
    });
  });

  router.get('/data-subject/export/download/:token', addressRateLimit(services), async (req, res) => {
    const download = await services.dataExport.download(String(req.params.token));
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="pixpay-export-${download.request.id}.zip"`);
    res.setHeader('Cache-Control', 'no-store');
    await pipeline(download.stream, res);
    await download.done();
  });

  return router;
}

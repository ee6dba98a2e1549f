import { Router, type Request, type Response } from 'express';
import type { Services } from '../../application/services';
import { parseQrImageSize, type QrImageFormat } from '../../domain/pix/qr-image';
import { RECURRENCE_LOCATION_PREFIX } from '../../domain/recurrences/recurrences.service';

/** An image of a location never changes: caches may keep it for a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * If-None-Match against our ETag (weak comparison, RFC 9110 13.1.2). Evaluated whatever
 * the request's Cache-Control says: the answer would be the same bytes anyway.
 */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * GET /pix/qr/:locationId: the dynamic BR Code's location, read by the payer's bank.
 * Answers the charge payload (or a PIX Automático recurrence's) as a JWS (application/jose), like a PSP does; the key is
 * published at GET /pix/jwks. GET /pix/qr/:locationId.png (and .svg): the charge's QR
 * image, what `pix.qrCode` points at.
 */
export function pixLocationRoutes(services: Services): Router {
  const router = Router();
  const image = (format: QrImageFormat) => async (req: Request, res: Response) => {
    const size = parseQrImageSize(req.query.size);
    const img = await services.qrImages.image(String(req.params.locationId), format, size);
    res.set({ ETag: img.etag, 'Cache-Control': IMMUTABLE });
    if (matchesEtag(req.header('if-none-match'), img.etag)) {
      res.status(304).end();
      return;
    }
    res.type(img.contentType).send(Buffer.from(img.body.buffer, img.body.byteOffset, img.body.byteLength));
  };
  // Before the JWS route, whose parameter would also match "<id>.png".
  router.get('/pix/qr/:locationId.png', image('png'));
  router.get('/pix/qr/:locationId.svg', image('svg'));
  // A charge with a due date answers API Pix's cobv payload, priced on `DPP` for the payer of `codMun`;
  // a PIX Automático recurrence's location (J2, J3: `rec…`) answers its `RecPayload`.
  router.get('/pix/qr/:locationId', async (req, res) => {
    const locationId = String(req.params.locationId);
    const recurrence = locationId.startsWith(RECURRENCE_LOCATION_PREFIX) ? await services.recurrenceQueries.locationPayload(locationId) : null;
    const payload = recurrence ?? (await services.transactions.locationPayload(locationId, { codMun: req.query.codMun, DPP: req.query.DPP }));
    const jws = await services.pixSigner.sign(payload);
    res.type('application/jose').send(jws);
  });
  router.get('/pix/jwks', async (_req, res) => {
    res.json(await services.pixSigner.jwks());
  });
  return router;
}

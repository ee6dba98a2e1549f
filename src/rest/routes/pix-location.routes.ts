import { Router } from 'express';
import type { Services } from '../../app/services';
import { locationPayload } from '../../domain/pix/location-payload';
import { DomainError } from '../../domain/shared/errors';

/**
 * GET /pix/qr/:locationId: the dynamic BR Code's location, read by the payer's bank.
 * Answers the charge payload as a JWS (application/jose), like a PSP does; the key is
 * published at GET /pix/jwks.
 */
export function pixLocationRoutes(services: Services): Router {
  const router = Router();
  router.get('/pix/qr/:locationId', async (req, res) => {
    const t = await services.transactions.findByLocation(String(req.params.locationId));
    if (!t) throw new DomainError('LOCATION_NOT_FOUND', 'no charge at this location', 'NOT_FOUND');
    const jws = await services.pixSigner.sign(locationPayload(t, services.clock.now()));
    res.type('application/jose').send(jws);
  });
  router.get('/pix/jwks', async (_req, res) => {
    res.json(await services.pixSigner.jwks());
  });
  return router;
}

import { Router } from 'express';
import type { Services } from '../../application/services';

/** GET /boleto/:token: the printable boleto (HTML with the barcode), reached through `boleto.url`. */
export function boletoPageRoutes(services: Services): Router {
  const router = Router();
  router.get('/boleto/:token', async (req, res) => {
    const page = await services.boletoPages.page(String(req.params.token));
    res.type('text/html; charset=utf-8').setHeader('Cache-Control', 'no-store').send(page);
  });
  return router;
}

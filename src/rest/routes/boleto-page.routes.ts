import { Router } from 'express';
import type { Services } from '../../app/services';
import { DomainError } from '../../domain/shared/errors';
import { renderBoletoPage } from '../../infra/boleto/boleto-page';

/** GET /boleto/:token: the printable boleto (HTML with the barcode), reached through `boleto.url`. */
export function boletoPageRoutes(services: Services): Router {
  const router = Router();
  router.get('/boleto/:token', async (req, res) => {
    const t = await services.transactions.findBoleto(String(req.params.token));
    if (!t) throw new DomainError('BOLETO_NOT_FOUND', 'no boleto at this address', 'NOT_FOUND');
    res.type('text/html; charset=utf-8').setHeader('Cache-Control', 'no-store').send(renderBoletoPage(t));
  });
  return router;
}

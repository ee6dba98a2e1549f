import { Router } from 'express';
import { invalid, notFound } from '../problem';
import type { Psp } from '../psp';
import type { RecWebhook } from '../recurrences';
import { acceptableUrl } from './webhook';
import { requireScope } from './scope';

/**
 * `PUT|GET|DELETE /webhookrec` and `/webhookcobr`: one callback URL each, for the
 * receiver's recurrences (`{webhookUrl}/rec`, `{recs: [...]}`) and recurring charges
 * (`{webhookUrl}/cobr`, `{cobsr: [...]}`).
 */
export function webhookRecRoutes(psp: Psp): Router {
  const router = Router();
  const r = psp.recurrences;
  const kinds = [
    { path: '/webhookrec', scope: 'webhookrec', tipo: 'WebhookRecOperacaoInvalida', get: () => r.webhookRec, set: (w?: RecWebhook) => (r.webhookRec = w) },
    { path: '/webhookcobr', scope: 'webhookcobr', tipo: 'WebhookCobROperacaoInvalida', get: () => r.webhookCobr, set: (w?: RecWebhook) => (r.webhookCobr = w) },
  ];
  for (const kind of kinds) {
    const existing = (): RecWebhook => {
      const w = kind.get();
      if (!w) throw notFound('WebhookNaoEncontrado', 'O webhook não encontra-se estabelecido.');
      return w;
    };
    router.put(kind.path, requireScope(psp, `${kind.scope}.write`), (req, res) => {
      const body = req.body as { webhookUrl?: unknown } | undefined;
      const webhookUrl = body?.webhookUrl;
      if (!acceptableUrl(webhookUrl) || Object.keys(body ?? {}).some((k) => k !== 'webhookUrl')) {
        throw invalid(kind.tipo, 'O campo webhookUrl não respeita o schema.', [
          { razao: 'O campo webhookUrl não respeita o schema (https, ou http para um endereço de loopback).', propriedade: 'webhookUrl', ...(typeof webhookUrl === 'string' ? { valor: webhookUrl } : {}) },
        ]);
      }
      kind.set({ webhookUrl, criacao: new Date(psp.now()).toISOString() });
      res.status(200).end();
    });
    router.get(kind.path, requireScope(psp, `${kind.scope}.read`), (_req, res) => {
      res.json(existing());
    });
    router.delete(kind.path, requireScope(psp, `${kind.scope}.write`), (_req, res) => {
      existing();
      kind.set(undefined);
      res.status(204).end();
    });
  }
  return router;
}

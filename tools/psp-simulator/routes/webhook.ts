import { Router } from 'express';
import { invalid, notFound } from '../problem';
import type { Psp } from '../psp';
import { pathParam } from './query';
import { requireScope } from './scope';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An https URL, or plain http to a loopback address (for tests and local trials). */
export function acceptableUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
}

/** `PUT|GET|DELETE /webhook/{chave}`. */
export function webhookRoutes(psp: Psp): Router {
  const router = Router();

  router.put('/webhook/:chave', requireScope(psp, 'webhook.write'), (req, res) => {
    const chave = pathParam(req, 'chave');
    if (chave.length > 77) throw invalid('WebhookOperacaoInvalida', 'O parâmetro chave não corresponde a uma chave DICT válida.', [{ razao: 'O parâmetro {chave} não corresponde a uma chave DICT válida.', propriedade: 'chave', valor: chave }]);
    const body = req.body as { webhookUrl?: unknown } | undefined;
    const webhookUrl = body?.webhookUrl;
    if (!acceptableUrl(webhookUrl) || Object.keys(body ?? {}).some((k) => k !== 'webhookUrl')) {
      throw invalid('WebhookOperacaoInvalida', 'Campo webhook.webhookUrl não respeita o schema.', [
        { razao: 'Campo webhook.webhookUrl não respeita o schema (https, ou http para um endereço de loopback).', propriedade: 'webhook.webhookUrl', ...(typeof webhookUrl === 'string' ? { valor: webhookUrl } : {}) },
      ]);
    }
    psp.webhooks.set(chave, { webhookUrl, criacao: new Date(psp.now()).toISOString() });
    res.status(200).end();
  });

  router.get('/webhook/:chave', requireScope(psp, 'webhook.read'), (req, res) => {
    const webhook = psp.webhooks.get(pathParam(req, 'chave'));
    if (!webhook) throw notFound('WebhookNaoEncontrado', 'O webhook denotado por {chave} não encontra-se estabelecido.');
    // `WebhookCompleto` requires the receiver's cnpj; the key is shown as in the spec's example.
    res.json({ webhookUrl: webhook.webhookUrl, chave: pathParam(req, 'chave'), cnpj: psp.options.cnpj, criacao: webhook.criacao });
  });

  router.delete('/webhook/:chave', requireScope(psp, 'webhook.write'), (req, res) => {
    if (!psp.webhooks.delete(pathParam(req, 'chave'))) throw notFound('WebhookNaoEncontrado', 'O webhook denotado por {chave} não encontra-se estabelecido.');
    res.status(204).end();
  });

  return router;
}

import { randomUUID } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { reaisOf } from '../amount';
import { brasiliaDay, interPixJson, interStatementEntries } from '../inter-payout-views';
import type { Psp } from '../psp';
import { UNKNOWN_PAYOUT_KEYS } from './payout';
import { pathParam, queryParam } from './query';
import { requireScope } from './scope';
import { acceptableUrl } from './webhook';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Inter's error answers: `{title, detail, timestamp}` (and `violacoes` for a body that does not fit). */
class InterError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const sendBody = z
  .object({
    valor: z.number().positive().refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'at most two decimals'),
    dataPagamento: z.string().regex(DAY).optional(),
    descricao: z.string().max(140).optional(),
    destinatario: z.object({ tipo: z.literal('CHAVE'), chave: z.string().min(1).max(77) }).strict(),
  })
  .strict();

const WEBHOOK_TYPES = new Set(['pix-pagamento', 'boleto-pagamento']);
/**
 * Banco Inter's API Banking, as far as payouts need it (not part of the API Pix):
 * `POST /banking/v2/pix` (scope `pagamento-pix.write`, header `x-id-idempotente`),
 * `GET /banking/v2/pix/{codigoSolicitacao}` (`pagamento-pix.read`), the balance
 * `GET /banking/v2/saldo` and the enriched statement `GET /banking/v2/extrato/completo`
 * (`extrato.read`) and the banking webhooks
 * `PUT|GET|DELETE /banking/v2/webhooks/{tipoWebhook}` (`webhook-banking.*`), with Inter's field
 * names, statuses and error bodies. A payout is debited when accepted; settling it (control
 * API) makes it PAGO or FALHA (reversed in the statement) and calls `pix-pagamento`.
 */
export function interPayoutRoutes(psp: Psp): Router {
  const router = Router();

  router.post('/banking/v2/pix', requireScope(psp, 'pagamento-pix.write'), (req, res) => {
    const key = req.get('x-id-idempotente');
    const seen = key ? psp.interIdempotency.get(key) : undefined;
    if (seen && psp.payouts.get(seen.codigoSolicitacao)) {
      // The same key again: the payout it made, not a second one.
      psp.payouts.countSend(seen.codigoSolicitacao);
      res.status(200).json(seen.answer);
      return;
    }
    const parsed = sendBody.safeParse(req.body ?? {});
    if (!parsed.success) throw new InterError(400, 'Requisição inválida', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const body = parsed.data;
    const today = brasiliaDay(new Date(psp.now()).toISOString());
    if (body.dataPagamento !== undefined && body.dataPagamento !== today) throw new InterError(400, 'Requisição inválida', 'O simulador paga somente na data atual (sem agendamento).');
    if (UNKNOWN_PAYOUT_KEYS.has(body.destinatario.chave)) throw new InterError(400, 'Chave Pix não encontrada', 'A chave informada não foi encontrada no DICT.');
    if (Math.round(body.valor * 100) > psp.balanceCents) throw new InterError(400, 'Saldo insuficiente', 'Não há saldo disponível para realizar o pagamento.');
    const codigoSolicitacao = randomUUID();
    psp.payouts.countSend(codigoSolicitacao);
    const payout = psp.sendPayout(codigoSolicitacao, { valor: reaisOf(Math.round(body.valor * 100)), pagador: { chave: 'conta', ...(body.descricao ? { infoPagador: body.descricao } : {}) }, favorecido: { chave: body.destinatario.chave } }, 'inter');
    const answer = { tipoRetorno: 'PROCESSADO', codigoSolicitacao, endToEndId: payout.endToEndId, dataPagamento: today, dataOperacao: today };
    if (key) psp.interIdempotency.set(key, { codigoSolicitacao, answer });
    res.status(200).json(answer);
  });

  router.get('/banking/v2/pix/:codigoSolicitacao', requireScope(psp, 'pagamento-pix.read'), (req, res) => {
    const payout = psp.payouts.get(pathParam(req, 'codigoSolicitacao'));
    if (!payout || payout.psp !== 'inter') throw new InterError(404, 'Pix não encontrado', 'Não há pagamento Pix com o código de solicitação informado.');
    res.json(interPixJson(payout));
  });

  // "Saldo": what the account holds now (the control API's `PUT /_control/balance` sets it). The
  // simulator keeps no history: `dataSaldo`, when given, must be today.
  router.get('/banking/v2/saldo', requireScope(psp, 'extrato.read'), (req, res) => {
    const dataSaldo = queryParam(req, 'dataSaldo');
    if (dataSaldo !== undefined && dataSaldo !== brasiliaDay(new Date(psp.now()).toISOString())) throw new InterError(400, 'Requisição inválida', 'O simulador informa somente o saldo da data atual.');
    res.json({ bloqueadoCheque: 0, disponivel: Math.max(0, psp.balanceCents) / 100, bloqueadoJudicialmente: 0, bloqueadoAdministrativo: 0, limite: 0 });
  });

  router.get('/banking/v2/extrato/completo', requireScope(psp, 'extrato.read'), (req, res) => {
    const inicio = queryParam(req, 'dataInicio');
    const fim = queryParam(req, 'dataFim');
    if (!inicio || !fim || !DAY.test(inicio) || !DAY.test(fim) || inicio > fim) throw new InterError(400, 'Requisição inválida', 'dataInicio e dataFim são obrigatórias (YYYY-MM-DD), dataInicio até dataFim.');
    const pagina = Number(queryParam(req, 'pagina') ?? '0');
    const tamanho = Number(queryParam(req, 'tamanhoPagina') ?? '50');
    if (!Number.isInteger(pagina) || pagina < 0 || !Number.isInteger(tamanho) || tamanho < 1 || tamanho > 10_000) throw new InterError(400, 'Requisição inválida', 'pagina a partir de 0; tamanhoPagina de 1 a 10000.');
    const tipoOperacao = queryParam(req, 'tipoOperacao');
    const tipoTransacao = queryParam(req, 'tipoTransacao');
    const all = psp.payouts
      .list()
      .filter((p) => p.psp === 'inter')
      .flatMap(interStatementEntries)
      .filter(({ entry }) => (entry.dataInclusao as string) >= inicio && (entry.dataInclusao as string) <= fim)
      .filter(({ entry }) => (!tipoOperacao || entry.tipoOperacao === tipoOperacao) && (!tipoTransacao || entry.tipoTransacao === tipoTransacao))
      .sort((a, b) => a.at.localeCompare(b.at));
    const totalPaginas = Math.max(1, Math.ceil(all.length / tamanho));
    const transacoes = all.slice(pagina * tamanho, (pagina + 1) * tamanho).map((e) => e.entry);
    res.json({ totalPaginas, totalElementos: all.length, ultimaPagina: pagina >= totalPaginas - 1, primeiraPagina: pagina === 0, tamanhoPagina: tamanho, numeroDeElementos: transacoes.length, transacoes });
  });

  router.put('/banking/v2/webhooks/:tipoWebhook', requireScope(psp, 'webhook-banking.write'), (req, res) => {
    const tipo = pathParam(req, 'tipoWebhook');
    if (!WEBHOOK_TYPES.has(tipo)) throw new InterError(400, 'Requisição inválida', 'tipoWebhook deve ser pix-pagamento ou boleto-pagamento.');
    const body = req.body as { webhookUrl?: unknown } | undefined;
    if (!acceptableUrl(body?.webhookUrl) || Object.keys(body ?? {}).some((k) => k !== 'webhookUrl')) throw new InterError(400, 'Requisição inválida', 'webhookUrl deve ser uma URL https.');
    psp.bankingWebhooks.set(tipo, { webhookUrl: body!.webhookUrl as string, criacao: new Date(psp.now()).toISOString() });
    res.status(204).end();
  });

  router.get('/banking/v2/webhooks/:tipoWebhook', requireScope(psp, 'webhook-banking.read'), (req, res) => {
    const webhook = psp.bankingWebhooks.get(pathParam(req, 'tipoWebhook'));
    if (!webhook) throw new InterError(404, 'Webhook não encontrado', 'Não há webhook cadastrado para o tipo informado.');
    res.json(webhook);
  });

  router.delete('/banking/v2/webhooks/:tipoWebhook', requireScope(psp, 'webhook-banking.write'), (req, res) => {
    if (!psp.bankingWebhooks.delete(pathParam(req, 'tipoWebhook'))) throw new InterError(404, 'Webhook não encontrado', 'Não há webhook cadastrado para o tipo informado.');
    res.status(204).end();
  });

  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!(err instanceof InterError)) return next(err);
    res.status(err.status).json({ title: err.title, detail: err.detail, timestamp: new Date().toISOString() });
  });

  return router;
}

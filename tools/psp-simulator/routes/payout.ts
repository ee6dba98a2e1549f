import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { centsOf, reaisOf } from '../amount';
import type { Psp } from '../psp';
import { paginacao, parseWindow, pathParam } from './query';
import { requireScope } from './scope';

const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;

const sendBody = z
  .object({
    valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
    pagador: z.object({ chave: z.string().min(1).max(77), infoPagador: z.string().max(140).optional() }).strict(),
    favorecido: z
      .object({ chave: z.string().min(1).max(77), cpf: z.string().regex(/^\d{11}$/).optional(), cnpj: z.string().regex(/^[0-9A-Z]{14}$/).optional() })
      .strict(),
  })
  .strict();

/** Efí's error answers are `{nome, mensagem}`, not RFC 7807. */
class EfiError extends Error {
  constructor(
    readonly status: number,
    readonly nome: string,
    readonly mensagem: string,
  ) {
    super(mensagem);
  }
}

/** Keys the simulator treats as unknown to the DICT (Efí answers 400 chave_invalida). */
export const UNKNOWN_PAYOUT_KEYS = new Set(['chave-inexistente@pixpay.example']);

/**
 * Efí's "Pix Envio" (not part of the API Pix): `PUT /v3/gn/pix/:idEnvio` (scope `pix.send`) and
 * `GET /v2/gn/pix/enviados/id-envio/:idEnvio` (scope `gn.pix.send.read`), with Efí's field
 * names, statuses and error bodies.
 */
export function payoutRoutes(psp: Psp): Router {
  const router = Router();

  router.put('/v3/gn/pix/:idEnvio', requireScope(psp, 'pix.send'), (req, res) => {
    const idEnvio = pathParam(req, 'idEnvio');
    if (!ID_ENVIO.test(idEnvio)) throw new EfiError(400, 'valor_invalido', 'O campo idEnvio deve ter de 1 a 35 letras e dígitos');
    psp.payouts.countSend(idEnvio);
    const parsed = sendBody.safeParse(req.body ?? {});
    if (!parsed.success) throw new EfiError(400, 'valor_invalido', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const body = parsed.data;
    if (psp.payouts.get(idEnvio)) throw new EfiError(409, 'id_envio_duplicado', 'O id de envio informado já foi utilizado em outro pagamento');
    if (!psp.webhooks.has(body.pagador.chave)) throw new EfiError(400, 'chave_invalida', 'A chave informada não faz referência à conta Efí autenticada ou não tem webhook');
    if ((centsOf(body.valor) ?? 0) <= 0) throw new EfiError(400, 'valor_invalido', 'Campo valor deve ser maior que zero');
    if (UNKNOWN_PAYOUT_KEYS.has(body.favorecido.chave)) throw new EfiError(400, 'chave_invalida', 'A chave do favorecido não foi encontrada no DICT');
    if ((centsOf(body.valor) ?? 0) > psp.balanceCents) throw new EfiError(400, 'saldo_insuficiente', 'Saldo insuficiente para realizar o pagamento');
    const payout = psp.sendPayout(idEnvio, body);
    res.status(201).json(psp.payouts.toJson(payout));
  });

  router.get('/v2/gn/pix/enviados/id-envio/:idEnvio', requireScope(psp, 'gn.pix.send.read'), (req, res) => {
    const payout = psp.payouts.get(pathParam(req, 'idEnvio'));
    if (!payout) {
      res.status(404).type('application/problem+json').send(
        JSON.stringify({ type: 'https://pix.bcb.gov.br/api/v2/error/PixEnviadoNaoEncontrado', title: 'Não Encontrado', status: 404, detail: 'Pix enviado não encontrado para o idEnvio informado.' }),
      );
      return;
    }
    res.json(psp.payouts.toJson(payout));
  });

  // Efí, "Saldo": the account's balance, `{"saldo": "1234.56"}` (scope gn.balance.read).
  router.get('/v2/gn/saldo', requireScope(psp, 'gn.balance.read'), (_req, res) => {
    res.json({ saldo: reaisOf(Math.max(0, psp.balanceCents)) });
  });

  // Efí, "Consultar lista de Pix enviados": the payouts requested between inicio and fim, paged.
  router.get('/v2/gn/pix/enviados', requireScope(psp, 'gn.pix.send.read'), (req, res) => {
    const w = parseWindow(req, 'PixEnviadoConsultaInvalida');
    const sent = psp.payouts
      .list()
      .filter((p) => {
        const at = Date.parse(p.horario.solicitacao);
        return at >= w.inicioMs && at <= w.fimMs;
      })
      .sort((a, b) => a.horario.solicitacao.localeCompare(b.horario.solicitacao));
    const page = sent.slice(w.paginaAtual * w.itensPorPagina, (w.paginaAtual + 1) * w.itensPorPagina);
    res.json({ parametros: { inicio: w.inicio, fim: w.fim, paginacao: paginacao(w, sent.length) }, pix: page.map((p) => psp.payouts.toJson(p)) });
  });

  router.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!(err instanceof EfiError)) return next(err);
    res.status(err.status).json({ nome: err.nome, mensagem: err.mensagem });
  });

  return router;
}

import { isDeepStrictEqual } from 'node:util';
import { Router } from 'express';
import { z } from 'zod';
import { centsOf } from '../amount';
import { invalid, notFound } from '../problem';
import type { Psp } from '../psp';
import { booleanParam, paginacao, parseWindow, pathParam, queryParam } from './query';
import { requireScope } from './scope';

const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;
const devolucaoBody = z
  .object({
    valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
    natureza: z.enum(['ORIGINAL', 'RETIRADA']).optional(),
    descricao: z.string().max(140).optional(),
  })
  .strict();

/** `GET /pix/{e2eid}`, `GET /pix`, `PUT|GET /pix/{e2eid}/devolucao/{id}`. */
export function pixRoutes(psp: Psp): Router {
  const router = Router();
  const pixOf = (e2eid: string) => {
    const seq = psp.pix.find(e2eid);
    if (seq === null) throw notFound('PixNaoEncontrado', 'Pix não encontrado para o e2eid informado.');
    return seq;
  };

  router.get('/pix/:e2eid', requireScope(psp, 'pix.read'), (req, res) => {
    res.json(psp.pix.toJson(pixOf(pathParam(req, 'e2eid'))));
  });

  router.get('/pix', requireScope(psp, 'pix.read'), (req, res) => {
    const w = parseWindow(req, 'PixConsultaInvalida');
    const txid = queryParam(req, 'txid');
    if (txid !== undefined && !/^[a-zA-Z0-9]{1,35}$/.test(txid)) {
      throw invalid('PixConsultaInvalida', 'O parâmetro txid não respeita o schema.', [{ razao: 'O parâmetro txid não respeita o schema.', propriedade: 'txid', valor: txid }]);
    }
    const txIdPresente = booleanParam(req, 'txIdPresente', 'PixConsultaInvalida');
    const devolucaoPresente = booleanParam(req, 'devolucaoPresente', 'PixConsultaInvalida');
    const page = psp.pix.page({ inicio: w.inicioMs, fim: w.fimMs, txid, txIdPresente, devolucaoPresente, cpf: w.cpf, cnpj: w.cnpj }, w.paginaAtual, w.itensPorPagina);
    res.json({
      parametros: {
        inicio: w.inicio,
        fim: w.fim,
        ...(txid !== undefined ? { txid } : {}),
        ...(txIdPresente !== undefined ? { txIdPresente } : {}),
        ...(devolucaoPresente !== undefined ? { devolucaoPresente } : {}),
        ...(w.cpf !== undefined ? { cpf: w.cpf } : {}),
        ...(w.cnpj !== undefined ? { cnpj: w.cnpj } : {}),
        paginacao: paginacao(w, page.total),
      },
      pix: page.items.map((seq) => psp.pix.toJson(seq)),
    });
  });

  router.put('/pix/:e2eid/devolucao/:id', requireScope(psp, 'pix.write'), (req, res) => {
    const seq = pixOf(pathParam(req, 'e2eid'));
    const id = pathParam(req, 'id');
    const refused = (razao: string, propriedade: string, valor?: string) =>
      invalid('PixDevolucaoInvalida', razao, [{ razao, propriedade, ...(valor !== undefined ? { valor } : {}) }]);
    if (!DEVOLUCAO_ID.test(id)) throw refused('O id da devolução não respeita o schema.', 'id', id);
    const body = devolucaoBody.safeParse(req.body);
    if (!body.success) throw refused('O campo devolucao.valor não respeita o schema.', 'devolucao.valor');
    const cents = centsOf(body.data.valor)!;
    const natureza = body.data.natureza ?? 'ORIGINAL';
    const existing = psp.pix.devolucoesOf(seq).find((d) => d.id === id);
    if (existing) {
      // A retry of the same request gets the same devolução; another request may not reuse the id.
      const same = isDeepStrictEqual({ valor: existing.valor, natureza: existing.natureza, descricao: existing.descricao }, { valor: body.data.valor, natureza, descricao: body.data.descricao });
      if (same) return res.status(201).json(existing);
      throw refused('A presente requisição de devolução apresenta um id já utilizado por outra requisição de devolução para o e2eid em questão.', 'id', id);
    }
    if (cents === 0) throw refused('O campo devolucao.valor não respeita o schema.', 'devolucao.valor', body.data.valor);
    if (natureza === 'RETIRADA') throw refused('A natureza RETIRADA cabe apenas a um Pix Saque ou Pix Troco.', 'devolucao.natureza', natureza);
    if (!psp.withinRefundWindow(seq)) throw refused('A presente requisição de devolução viola a janela de tempo permitida (90 dias desde a liquidação do pix).', 'e2eid', pathParam(req, 'e2eid'));
    if (cents > psp.refundable(seq)) {
      throw refused('A presente requisição de devolução, em conjunto com as demais prévias devoluções, excederia o valor do pix originário.', 'devolucao.valor', body.data.valor);
    }
    res.status(201).json(psp.startRefund(seq, id, cents, natureza, body.data.descricao));
  });

  router.get('/pix/:e2eid/devolucao/:id', requireScope(psp, 'pix.read'), (req, res) => {
    const d = psp.pix.devolucoesOf(pixOf(pathParam(req, 'e2eid'))).find((x) => x.id === pathParam(req, 'id'));
    if (!d) throw notFound('PixDevolucaoNaoEncontrada', 'Devolução não encontrada para o e2eid informado.');
    res.json(d);
  });

  return router;
}

import { isDeepStrictEqual } from 'node:util';
import { Router } from 'express';
import { parseCobRevisada, parseCobSolicitada, revisedFields } from '../cob-body';
import type { Cob } from '../cob-store';
import { invalid, notFound } from '../problem';
import type { Psp } from '../psp';
import { booleanParam, paginacao, parseWindow, pathParam, queryParam } from './query';
import { requireScope } from './scope';

const TXID = /^[a-zA-Z0-9]{26,35}$/;

/** `PUT|PATCH|GET /cob/{txid}` and `GET /cob`. */
export function cobRoutes(psp: Psp): Router {
  const router = Router();
  /** `CobCompleta`: the cob with the Pix that paid it. */
  const completa = (cob: Cob) => {
    const json = psp.cobs.toJson(cob);
    return cob.pix.length > 0 ? { ...json, pix: cob.pix.map((seq) => psp.pix.toJson(seq)) } : json;
  };

  router.put('/cob/:txid', requireScope(psp, 'cob.write'), (req, res) => {
    const txid = pathParam(req, 'txid');
    if (!TXID.test(txid)) {
      throw invalid('CobOperacaoInvalida', 'O txid não respeita o schema.', [{ razao: 'O txid deve ter de 26 a 35 letras e dígitos.', propriedade: 'txid', valor: txid }]);
    }
    const fields = parseCobSolicitada(req.body);
    const existing = psp.cobs.get(txid);
    if (!existing) {
      const cob = psp.cobs.create(txid, fields, psp.now());
      res.status(201).json(psp.cobs.toJson(cob));
      psp.created(cob);
      return;
    }
    if (existing.status !== 'ATIVA') {
      throw invalid('CobOperacaoInvalida', 'A cobrança já existe e não está no status ATIVA.', [
        { razao: 'A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.', propriedade: 'txid', valor: txid },
      ]);
    }
    // The same body again (a retry) changes nothing; another body is a revision of the ATIVA cob.
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(fields)), JSON.parse(JSON.stringify(psp.cobs.current(existing))))) {
      psp.cobs.revise(existing, fields, 'ATIVA');
    }
    res.status(201).json(psp.cobs.toJson(existing));
  });

  router.patch('/cob/:txid', requireScope(psp, 'cob.write'), (req, res) => {
    const cob = psp.cobs.get(pathParam(req, 'txid'));
    if (!cob) throw notFound('CobNaoEncontrado', 'Cobrança não encontrada para o txid informado.');
    const patch = parseCobRevisada(req.body);
    if (cob.status !== 'ATIVA') {
      throw invalid('CobOperacaoInvalida', 'A cobrança não está ATIVA.', [{ razao: 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.', propriedade: 'cob.status', valor: cob.status }]);
    }
    psp.cobs.revise(cob, revisedFields(psp.cobs.current(cob), patch), patch.status ?? 'ATIVA');
    res.status(200).json(psp.cobs.toJson(cob));
  });

  router.get('/cob/:txid', requireScope(psp, 'cob.read'), (req, res) => {
    const cob = psp.cobs.get(pathParam(req, 'txid'));
    if (!cob) throw notFound('CobNaoEncontrado', 'Cobrança não encontrada para o txid informado.');
    const revisao = queryParam(req, 'revisao');
    if (revisao === undefined) return res.json(completa(cob));
    const n = Number(revisao);
    if (!/^\d+$/.test(revisao) || n >= cob.revisions.length) {
      throw invalid('CobConsultaInvalida', 'Revisão inexistente.', [{ razao: 'O parâmetro revisao corresponde a uma revisão inexistente para a cobrança.', propriedade: 'revisao', valor: revisao }]);
    }
    res.json(psp.cobs.toJson(cob, n));
  });

  router.get('/cob', requireScope(psp, 'cob.read'), (req, res) => {
    const w = parseWindow(req, 'CobConsultaInvalida');
    const status = queryParam(req, 'status');
    const locationPresente = booleanParam(req, 'locationPresente', 'CobConsultaInvalida');
    const matching: Cob[] = [];
    for (const cob of psp.cobs.all()) {
      const at = Date.parse(cob.criacao);
      if (at < w.inicioMs || at > w.fimMs) continue;
      const devedor = psp.cobs.current(cob).devedor;
      if (w.cpf !== undefined && devedor?.cpf !== w.cpf) continue;
      if (w.cnpj !== undefined && devedor?.cnpj !== w.cnpj) continue;
      if (status !== undefined && cob.status !== status) continue;
      if (locationPresente === false) continue; // every cob here has a location
      matching.push(cob);
    }
    const start = w.paginaAtual * w.itensPorPagina;
    res.json({
      parametros: {
        inicio: w.inicio,
        fim: w.fim,
        ...(w.cpf !== undefined ? { cpf: w.cpf } : {}),
        ...(w.cnpj !== undefined ? { cnpj: w.cnpj } : {}),
        ...(locationPresente !== undefined ? { locationPresente } : {}),
        ...(status !== undefined ? { status } : {}),
        paginacao: paginacao(w, matching.length),
      },
      cobs: matching.slice(start, start + w.itensPorPagina).map((cob) => completa(cob)),
    });
  });

  return router;
}

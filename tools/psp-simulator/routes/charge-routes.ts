import { isDeepStrictEqual } from 'node:util';
import { Router } from 'express';
import type { Charge, ChargeStore } from '../charge-store';
import { invalid, notFound } from '../problem';
import type { Psp } from '../psp';
import { booleanParam, listAnswer, parseWindow, pathParam, queryParam } from './query';
import { requireScope } from './scope';

const TXID = /^[a-zA-Z0-9]{26,35}$/;

/** What differs between `/cob` and `/cobv`: the store, the bodies and the API Pix's error types. */
export interface ChargeKind<F, P extends { status?: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }> {
  store: ChargeStore<F> & { toJson(charge: Charge<F>, revisao?: number): Record<string, unknown> };
  parseNew(body: unknown): F;
  parseRevision(body: unknown): P;
  revised(current: F, patch: P): F;
  /** A new charge is registered (auto-pay may follow). */
  created(charge: Charge<F>): void;
  devedor(fields: F): { cpf?: string; cnpj?: string } | undefined;
  /** `CobOperacaoInvalida` / `CobVOperacaoInvalida`, `CobConsultaInvalida` / `CobVConsultaInvalida`, `CobNaoEncontrado` / `CobVNaoEncontrada`. */
  errors: { operation: string; query: string; notFound: string };
}

/** `PUT|PATCH|GET /{tipoCob}/{txid}` and `GET /{tipoCob}`, the same rules for a cob and a cobv. */
export function chargeRoutes<F, P extends { status?: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }>(psp: Psp, kind: ChargeKind<F, P>): Router {
  const router = Router();
  const { store, errors } = kind;
  const tipo = store.tipoCob;
  /** `CobCompleta` / `CobVCompleta`: the charge with the Pix that paid it. */
  const completa = (charge: Charge<F>) => {
    const json = store.toJson(charge);
    return charge.pix.length > 0 ? { ...json, pix: charge.pix.map((seq) => psp.pix.toJson(seq)) } : json;
  };
  const found = (txid: string): Charge<F> => {
    const charge = store.get(txid);
    if (!charge) throw notFound(errors.notFound, 'Cobrança não encontrada para o txid informado.');
    return charge;
  };

  router.put(`/${tipo}/:txid`, requireScope(psp, `${tipo}.write`), (req, res) => {
    const txid = pathParam(req, 'txid');
    if (!TXID.test(txid)) {
      throw invalid(errors.operation, 'O txid não respeita o schema.', [{ razao: 'O txid deve ter de 26 a 35 letras e dígitos.', propriedade: 'txid', valor: txid }]);
    }
    const fields = kind.parseNew(req.body);
    const existing = store.get(txid);
    if (!existing) {
      const charge = store.create(txid, fields, psp.now());
      res.status(201).json(store.toJson(charge));
      kind.created(charge);
      return;
    }
    if (existing.status !== 'ATIVA') {
      throw invalid(errors.operation, 'A cobrança já existe e não está no status ATIVA.', [
        { razao: 'A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.', propriedade: 'txid', valor: txid },
      ]);
    }
    // The same body again (a retry) changes nothing; another body is a revision of the ATIVA charge.
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(fields)), JSON.parse(JSON.stringify(store.current(existing))))) {
      store.revise(existing, fields, 'ATIVA');
    }
    res.status(201).json(store.toJson(existing));
  });

  router.patch(`/${tipo}/:txid`, requireScope(psp, `${tipo}.write`), (req, res) => {
    const charge = found(pathParam(req, 'txid'));
    const patch = kind.parseRevision(req.body);
    if (charge.status !== 'ATIVA') {
      throw invalid(errors.operation, 'A cobrança não está ATIVA.', [{ razao: 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.', propriedade: `${tipo}.status`, valor: charge.status }]);
    }
    store.revise(charge, kind.revised(store.current(charge), patch), patch.status ?? 'ATIVA');
    res.status(200).json(store.toJson(charge));
  });

  router.get(`/${tipo}/:txid`, requireScope(psp, `${tipo}.read`), (req, res) => {
    const charge = found(pathParam(req, 'txid'));
    const revisao = queryParam(req, 'revisao');
    if (revisao === undefined) return res.json(completa(charge));
    const n = Number(revisao);
    if (!/^\d+$/.test(revisao) || n >= charge.revisions.length) {
      throw invalid(errors.query, 'Revisão inexistente.', [{ razao: 'O parâmetro revisao corresponde a uma revisão inexistente para a cobrança.', propriedade: 'revisao', valor: revisao }]);
    }
    res.json(store.toJson(charge, n));
  });

  router.get(`/${tipo}`, requireScope(psp, `${tipo}.read`), (req, res) => {
    const w = parseWindow(req, errors.query);
    const status = queryParam(req, 'status');
    const locationPresente = booleanParam(req, 'locationPresente', errors.query);
    const matching: Charge<F>[] = [];
    for (const charge of store.all()) {
      const at = Date.parse(charge.criacao);
      if (at < w.inicioMs || at > w.fimMs) continue;
      const devedor = kind.devedor(store.current(charge));
      if (w.cpf !== undefined && devedor?.cpf !== w.cpf) continue;
      if (w.cnpj !== undefined && devedor?.cnpj !== w.cnpj) continue;
      if (status !== undefined && charge.status !== status) continue;
      if (locationPresente === false) continue; // every charge here has a location
      matching.push(charge);
    }
    res.json(listAnswer(w, { cpf: w.cpf, cnpj: w.cnpj, locationPresente, status }, 'cobs', matching, completa));
  });

  return router;
}

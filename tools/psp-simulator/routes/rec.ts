import { Router, type Request } from 'express';
import { recurrenceBrCode } from '../../../src/domain/recurrences/recurrence-br-code';
import { invalidAt, notFound } from '../problem';
import type { Psp } from '../psp';
import { parseRecRevisada, parseRecSolicitada } from '../rec-body';
import type { LocRec, Rec } from '../rec-store';
import { recJson } from '../rec-views';
import { booleanParam, listAnswer, parseWindow, pathParam, queryParam } from './query';
import { requireScope } from './scope';

const operationInvalid = (razao: string, propriedade: string, valor?: string) => invalidAt('RecOperacaoInvalida', razao, propriedade, valor);
const queryInvalid = (razao: string, valor: string) => invalidAt('RecConsultaInvalida', razao, 'txid', valor);

/** `POST|GET /rec`, `GET|PATCH /rec/{idRec}`: recurrences, created CRIADA and approved or refused on the payer's side. */
export function recRoutes(psp: Psp): Router {
  const router = Router();
  const r = psp.recurrences;
  const found = (req: Request): Rec => {
    const rec = r.recs.recs.get(pathParam(req, 'idRec'));
    if (!rec) throw notFound('RecNaoEncontrada', 'Recorrência não encontrada para o idRec informado.');
    return rec;
  };
  /** The location `rec.loc` names: it must exist and serve no other recurrence. */
  const freeLoc = (id: number, rec?: Rec): LocRec => {
    const loc = r.recs.locs.get(id);
    if (!loc) throw operationInvalid('O location referenciado por rec.loc inexiste.', 'rec.loc', String(id));
    if (loc.idRec !== undefined && loc.idRec !== rec?.idRec) throw operationInvalid('O location referenciado por rec.loc já está sendo utilizado por outra recorrência.', 'rec.loc', String(id));
    return loc;
  };
  const notBeforeToday = (dataInicial: string) => {
    if (dataInicial < r.today()) throw operationInvalid('O campo rec.calendario.dataInicial é anterior à data de criação da recorrência.', 'rec.calendario.dataInicial', dataInicial);
  };

  router.post('/rec', requireScope(psp, 'rec.write'), (req, res) => {
    const { fields, loc } = parseRecSolicitada(req.body);
    notBeforeToday(fields.calendario.dataInicial);
    const rec = r.recs.createRec(fields, psp.now(), loc === undefined ? undefined : freeLoc(loc));
    res.status(201).json(recJson(rec, r.recs, r.receiver));
  });

  router.patch('/rec/:idRec', requireScope(psp, 'rec.write'), (req, res) => {
    const rec = found(req);
    const patch = parseRecRevisada(req.body);
    if (r.isClosed(rec)) throw operationInvalid('A recorrência encontra-se expirada, cancelada ou rejeitada.', 'rec.status', rec.status);
    if (rec.status !== 'CRIADA' && patch.loc !== undefined) throw operationInvalid('O campo rec.loc somente pode ser alterado quando a recorrência apresentar-se com o status CRIADA.', 'rec.loc');
    if (rec.status !== 'CRIADA' && patch.calendario?.dataInicial !== undefined) {
      throw operationInvalid('O campo rec.calendario.dataInicial somente pode ser alterado quando a recorrência apresentar-se com o status CRIADA.', 'rec.calendario.dataInicial');
    }
    if (patch.calendario?.dataInicial !== undefined) notBeforeToday(patch.calendario.dataInicial);
    const loc = patch.loc === undefined ? undefined : freeLoc(patch.loc, rec);
    if (loc) r.recs.link(rec, loc);
    const f = rec.fields;
    if (patch.calendario?.dataInicial !== undefined) f.calendario = { ...f.calendario, dataInicial: patch.calendario.dataInicial };
    if (patch.vinculo?.devedor) f.vinculo = { ...f.vinculo, devedor: { ...f.vinculo.devedor, nome: patch.vinculo.devedor.nome } };
    if (patch.ativacao?.dadosJornada) f.txidJornada = patch.ativacao.dadosJornada.txid;
    if (patch.status === 'CANCELADA') r.cancel(rec, { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao: 'Cancelamento solicitado pelo usuário recebedor' });
    res.json(recJson(rec, r.recs, r.receiver));
  });

  router.get('/rec/:idRec', requireScope(psp, 'rec.read'), (req, res) => {
    const rec = found(req);
    const txid = queryParam(req, 'txid');
    const dadosQR = qrOf(psp, rec, txid);
    res.json({ ...recJson(rec, r.recs, r.receiver, true), ...(dadosQR ? { dadosQR } : {}) });
  });

  router.get('/rec', requireScope(psp, 'rec.read'), (req, res) => {
    const w = parseWindow(req, 'RecConsultaInvalida');
    const status = queryParam(req, 'status');
    const convenio = queryParam(req, 'convenio');
    const locationPresente = booleanParam(req, 'locationPresente', 'RecConsultaInvalida');
    const matching = [...r.recs.recs.values()].filter((rec) => {
      if (rec.criacaoMs < w.inicioMs || rec.criacaoMs > w.fimMs) return false;
      const devedor = rec.fields.vinculo.devedor as { cpf?: string; cnpj?: string };
      if (w.cpf !== undefined && devedor.cpf !== w.cpf) return false;
      if (w.cnpj !== undefined && devedor.cnpj !== w.cnpj) return false;
      if (status !== undefined && rec.status !== status) return false;
      if (convenio !== undefined && rec.fields.convenio !== convenio) return false;
      if (locationPresente !== undefined && (rec.loc !== undefined) !== locationPresente) return false;
      return true;
    });
    const filters = { cpf: w.cpf, cnpj: w.cnpj, locationPresente, status, recebedor: convenio === undefined ? undefined : { convenio } };
    res.json(listAnswer(w, filters, 'recs', matching, (rec) => recJson(rec, r.recs, r.receiver, true)));
  });

  return router;
}

/**
 * `dadosQR` of `GET /rec/{idRec}[?txid=]`: the recurrence's own QR (J2), or composed with
 * an immediate charge (J3) or a charge with a due date (J4). None without a location; a
 * txid of no charge here, a cobv for a J3 recurrence, or a cob other than J3's is a 400.
 */
function qrOf(psp: Psp, rec: Rec, txid: string | undefined): { jornada: string; pixCopiaECola: string } | undefined {
  const loc = rec.loc === undefined ? undefined : psp.recurrences.recs.locs.get(rec.loc);
  const cob = txid === undefined ? undefined : psp.cobs.get(txid);
  const cobv = txid === undefined || cob ? undefined : psp.cobvs.get(txid);
  if (txid !== undefined) {
    if (!cob && !cobv) throw queryInvalid('O parâmetro txid não corresponde a uma cobrança.', txid);
    if (cobv && rec.jornada === 'JORNADA_3') throw queryInvalid('O parâmetro txid não corresponde a uma cobrança compatível com o campo ativacao.tipoJornada.', txid);
    if (cob && rec.fields.txidJornada !== undefined && rec.fields.txidJornada !== txid) {
      throw queryInvalid('O parâmetro txid corresponde a uma cobrança imediata diferente da informada no campo ativacao.dadosJornada.txid.', txid);
    }
  }
  if (!loc) return undefined;
  const { merchantName, merchantCity } = psp.options.receiver;
  const first = cob ? String(psp.cobs.toJson(cob).pixCopiaECola) : cobv ? String(psp.cobvs.toJson(cobv).pixCopiaECola) : undefined;
  return {
    jornada: cob ? 'JORNADA_3' : cobv ? 'JORNADA_4' : 'JORNADA_2',
    pixCopiaECola: recurrenceBrCode({ recurrenceLocation: loc.location, merchantName, merchantCity, ...(first ? { firstPaymentBrCode: first } : {}) }),
  };
}

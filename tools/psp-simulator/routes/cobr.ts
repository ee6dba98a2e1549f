import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Router, type Request, type Response } from 'express';
import { addDays, isCivilDate } from '../../../src/domain/due-date/civil-dates';
import { placeInCobrWindow } from '../../../src/domain/recurrences/cycle-window';
import { cycleDueDate, type RecurrencePeriod } from '../../../src/domain/recurrences/recurrence-calendar';
import { parseCobRRevisada, parseCobRSolicitada } from '../cobr-body';
import { cobrJson, type CobR, type CobRFields } from '../cobr-store';
import { invalidAt, notFound } from '../problem';
import type { Psp } from '../psp';
import type { Periodicidade, Rec } from '../rec-store';
import { listAnswer, parseWindow, pathParam, queryParam } from './query';
import { requireScope } from './scope';

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const PERIOD: Readonly<Record<Periodicidade, RecurrencePeriod>> = { SEMANAL: 'WEEKLY', MENSAL: 'MONTHLY', TRIMESTRAL: 'QUARTERLY', SEMESTRAL: 'HALF_YEARLY', ANUAL: 'YEARLY' };

const operationInvalid = (razao: string, propriedade: string, valor?: string) => invalidAt('CobROperacaoInvalida', razao, propriedade, valor);

/** The cycle a date falls in: the last cycle date of the recurrence on or before it. */
function cycleOf(rec: Rec, date: string): number {
  const calendar = { firstDate: rec.fields.calendario.dataInicial, period: PERIOD[rec.fields.calendario.periodicidade] };
  let i = 0;
  while (cycleDueDate(calendar, i + 1) <= date) i++;
  return i;
}

/**
 * `PUT /cobr/{txid}`, `POST /cobr`, `GET|PATCH /cobr/{txid}`, `GET /cobr` and
 * `POST /cobr/{txid}/retentativa/{data}`: the charges of an approved recurrence, one a
 * cycle, sent from the 10th to the 2nd day before their date, retried within the
 * recurrence's policy.
 */
export function cobrRoutes(psp: Psp): Router {
  const router = Router();
  const r = psp.recurrences;
  const found = (req: Request): CobR => {
    const cobr = r.cobrs.byTxid.get(pathParam(req, 'txid'));
    if (!cobr) throw notFound('CobRNaoEncontrado', 'Cobrança não encontrada para o txid informado.');
    r.expireIfDue(cobr);
    return cobr;
  };
  const completa = (cobr: CobR) => cobrJson(cobr, r.receiver, r.recs.recs.get(cobr.fields.idRec)?.fields.politicaRetentativa);

  /** The rules a new recurring charge must meet against its recurrence and the others of it. */
  const check = (fields: CobRFields): void => {
    const rec = r.recs.recs.get(fields.idRec);
    if (!rec || rec.status !== 'APROVADA') throw operationInvalid(`O campo cobr.idRec não corresponde a uma recorrência APROVADA${rec ? ` (está ${rec.status})` : ''}.`, 'cobr.idRec', fields.idRec);
    const due = fields.dataDeVencimento;
    const today = r.today();
    if (due < today) throw operationInvalid('O campo cobr.calendario.dataDeVencimento é anterior à data de criação da cobrança.', 'cobr.calendario.dataDeVencimento', due);
    const place = placeInCobrWindow(today, due);
    if (place !== 'OPEN') {
      throw operationInvalid(
        place === 'BEFORE'
          ? 'A cobrança recorrente só pode ser enviada a partir do 10º dia anterior ao campo cobr.calendario.dataDeVencimento.'
          : 'A cobrança recorrente deve ser enviada até o 2º dia anterior ao campo cobr.calendario.dataDeVencimento.',
        'cobr.calendario.dataDeVencimento',
        due,
      );
    }
    const { dataInicial, dataFinal } = rec.fields.calendario;
    if (due < dataInicial || (dataFinal !== undefined && due > dataFinal)) {
      throw operationInvalid('O campo cobr.calendario.dataDeVencimento está fora da vigência da recorrência.', 'cobr.calendario.dataDeVencimento', due);
    }
    const fixed = rec.fields.valor?.valorRec;
    if (fixed !== undefined && fixed !== fields.valor.original) throw operationInvalid(`O campo cobr.valor.original difere do valor fixo da recorrência (${fixed}).`, 'cobr.valor.original', fields.valor.original);
    const cycle = cycleOf(rec, due);
    const same = r.cobrs.ofRec(rec.idRec).find((c) => c.status !== 'REJEITADA' && c.status !== 'CANCELADA' && cycleOf(rec, c.fields.dataDeVencimento) === cycle);
    if (same) {
      throw operationInvalid('Existe uma CobR com status diferente de REJEITADA e CANCELADA referente ao mesmo cobr.idRec com calendario.dataDeVencimento no mesmo ciclo.', 'cobr.calendario.dataDeVencimento', due);
    }
  };

  const create = (txid: string, req: Request, res: Response) => {
    const fields = parseCobRSolicitada(req.body);
    const existing = r.cobrs.byTxid.get(txid);
    if (existing) {
      // The same body again (a retry) answers the charge as it is; anything else finds the txid taken.
      if ((existing.status === 'CRIADA' || existing.status === 'ATIVA') && isDeepStrictEqual(existing.fields, fields)) return res.status(201).json(cobrJson(existing, r.receiver));
      throw operationInvalid('O campo cobr.txid encontra-se em uso.', 'cobr.txid', txid);
    }
    check(fields);
    const cobr = r.createCobr(txid, fields);
    res.status(201).json(cobrJson(cobr, r.receiver));
    r.activate(cobr);
  };

  router.put('/cobr/:txid', requireScope(psp, 'cobr.write'), (req, res) => {
    const txid = pathParam(req, 'txid');
    if (!TXID.test(txid)) throw operationInvalid('O txid deve ter de 26 a 35 letras e dígitos.', 'cobr.txid', txid);
    create(txid, req, res);
  });

  router.post('/cobr', requireScope(psp, 'cobr.write'), (req, res) => {
    create(randomBytes(16).toString('hex'), req, res);
  });

  router.patch('/cobr/:txid', requireScope(psp, 'cobr.write'), (req, res) => {
    const cobr = found(req);
    parseCobRRevisada(req.body);
    if (cobr.status !== 'CRIADA' && cobr.status !== 'ATIVA') throw operationInvalid(`A cobrança recorrente está ${cobr.status} e não pode ser cancelada.`, 'cobr.status', cobr.status);
    const first = cobr.tentativas[0];
    if (first && r.today() >= first.dataLiquidacao) {
      throw operationInvalid('Não é possível cancelar uma cobrança em uma data igual ou maior que a data prevista da primeira tentativa de liquidação.', 'cobr.status', 'CANCELADA');
    }
    r.cancelCobr(cobr, { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao: 'Cancelamento de agendamento solicitado pelo usuário recebedor' });
    res.json(cobrJson(cobr, r.receiver));
  });

  router.get('/cobr/:txid', requireScope(psp, 'cobr.read'), (req, res) => {
    res.json(completa(found(req)));
  });

  router.post('/cobr/:txid/retentativa/:data', requireScope(psp, 'cobr.write'), (req, res) => {
    const cobr = found(req);
    const data = pathParam(req, 'data');
    const rec = r.recs.recs.get(cobr.fields.idRec)!;
    if (!isCivilDate(data)) throw operationInvalid('O parâmetro data não é uma data válida.', 'data', data);
    if (rec.fields.politicaRetentativa !== 'PERMITE_3R_7D') throw operationInvalid('A política configurada na recorrência não permite retentativa de cobrança.', 'data', data);
    if (cobr.status !== 'ATIVA') throw operationInvalid(`A cobrança recorrente está ${cobr.status}.`, 'cobr.status', cobr.status);
    if (r.cobrs.openAttempt(cobr)) throw operationInvalid('Existe uma tentativa com status SOLICITADA ou AGENDADA.', 'data', data);
    if (data <= r.today()) throw operationInvalid('O parâmetro data não corresponde a uma data futura.', 'data', data);
    if (cobr.tentativas.some((t) => t.dataLiquidacao === data)) throw operationInvalid('Existe uma tentativa vigente para a data informada.', 'data', data);
    const last = r.lastRetryDay(cobr);
    if (last === null || data > last) {
      throw operationInvalid(`A política PERMITE_3R_7D permite até 3 retentativas, até ${addDays(cobr.fields.dataDeVencimento, 7)}.`, 'data', data);
    }
    r.retry(cobr, data);
    res.status(201).json(completa(cobr));
  });

  router.get('/cobr', requireScope(psp, 'cobr.read'), (req, res) => {
    const w = parseWindow(req, 'CobRConsultaInvalida');
    const idRec = queryParam(req, 'idRec');
    const status = queryParam(req, 'status');
    const convenio = queryParam(req, 'convenio');
    if (idRec !== undefined && !/^[a-zA-Z0-9]{29}$/.test(idRec)) {
      throw invalidAt('CobRConsultaInvalida', 'O parâmetro idRec não respeita o schema.', 'idRec', idRec);
    }
    const matching = [...r.cobrs.byTxid.values()].filter((cobr) => {
      r.expireIfDue(cobr);
      if (cobr.criacaoMs < w.inicioMs || cobr.criacaoMs > w.fimMs) return false;
      const rec = r.recs.recs.get(cobr.fields.idRec);
      const devedor = rec?.fields.vinculo.devedor as { cpf?: string; cnpj?: string } | undefined;
      if (idRec !== undefined && cobr.fields.idRec !== idRec) return false;
      if (w.cpf !== undefined && devedor?.cpf !== w.cpf) return false;
      if (w.cnpj !== undefined && devedor?.cnpj !== w.cnpj) return false;
      if (status !== undefined && cobr.status !== status) return false;
      if (convenio !== undefined && rec?.fields.convenio !== convenio) return false;
      return true;
    });
    res.json(listAnswer(w, { idRec, cpf: w.cpf, cnpj: w.cnpj, status, convenio }, 'cobsr', matching, completa));
  });

  return router;
}

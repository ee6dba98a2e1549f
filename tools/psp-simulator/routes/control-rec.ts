import { Router, type Request } from 'express';
import { z } from 'zod';
import type { CobR, Tentativa } from '../cobr-store';
import type { Psp } from '../psp';
import { CLOSED_REC, type Jornada, type Rec } from '../rec-store';
import { recJson } from '../rec-views';
import { cobrJson } from '../cobr-store';
import { ControlError, parse } from './control';
import { pathParam } from './query';

const approveBody = z
  .object({
    jornada: z.enum(['JORNADA_1', 'JORNADA_2', 'JORNADA_3', 'JORNADA_4']).optional(),
    /** The payer's document (the recurrence's debtor's by default), institution and municipality. */
    pagador: z
      .object({ cpf: z.string().regex(/^\d{11}$/), cnpj: z.string().regex(/^[0-9A-Z]{14}$/), ispbParticipante: z.string().regex(/^[0-9A-Z]{8}$/), codMun: z.string().regex(/^\d{7}$/) })
      .partial()
      .strict()
      .refine((p) => p.cpf === undefined || p.cnpj === undefined, 'cpf or cnpj, not both')
      .optional(),
  })
  .strict();
const rejectBody = z.object({ codigo: z.enum(['AP13', 'AP14']).default('AP13'), descricao: z.string().min(1).max(400).default('Recorrência rejeitada pelo usuário pagador') }).strict();
const cancelBody = z
  .object({
    solicitante: z.enum(['USUARIO_PAGADOR', 'PSP_PAGADOR']).default('USUARIO_PAGADOR'),
    codigo: z.enum(['ACCL', 'CPCL', 'DCSD', 'ERSL', 'FRUD', 'PCFD', 'SLCR', 'SLDB']).default('SLDB'),
    descricao: z.string().min(1).max(400).default('Cancelamento solicitado pelo usuário pagador'),
  })
  .strict();
const failBody = z
  .object({
    codigo: z.enum(['AB10', 'AC05', 'AC06', 'AM02', 'AM09', 'DENC', 'DS27', 'DTED', 'DTNT', 'FBRD', 'IRNT', 'MIDI', 'MSUC', 'NIEC', 'NIPA', 'NITX', 'QUNT', 'RC09', 'UDEI']).default('AM02'),
    descricao: z.string().min(1).max(400).default('Liquidação não realizada pelo PSP do pagador'),
  })
  .strict();

/**
 * The payer's side of PIX Automático in the control API: approve, reject, cancel or expire
 * a recurrence, pay or fail the open attempt of a recurring charge. Each sends the
 * webhookrec or webhookcobr callback. See docs/operate/psp-simulator.md.
 */
export function controlRecRoutes(psp: Psp): Router {
  const router = Router();
  const r = psp.recurrences;
  const recOf = (req: Request): Rec => {
    const rec = r.recs.recs.get(pathParam(req, 'idRec'));
    if (!rec) throw new ControlError(404, `no rec ${pathParam(req, 'idRec')}`);
    return rec;
  };
  const created = (rec: Rec): Rec => {
    if (rec.status !== 'CRIADA') throw new ControlError(409, `the rec is ${rec.status}`);
    return rec;
  };
  /** The open attempt of the charge: 404 unknown, 409 without one. */
  const attemptOf = (req: Request): { cobr: CobR; attempt: Tentativa } => {
    const cobr = r.cobrs.byTxid.get(pathParam(req, 'txid'));
    if (!cobr) throw new ControlError(404, `no cobr ${pathParam(req, 'txid')}`);
    r.expireIfDue(cobr);
    const attempt = r.cobrs.openAttempt(cobr);
    if (cobr.status !== 'ATIVA' || !attempt) throw new ControlError(409, `the cobr is ${cobr.status}${cobr.status === 'ATIVA' ? ' without an attempt scheduled (ask a retentativa)' : ''}`);
    return { cobr, attempt };
  };
  const recAnswer = (rec: Rec) => recJson(rec, r.recs, r.receiver, true);

  router.post('/_control/rec/:idRec/approve', (req, res) => {
    const body = parse(approveBody, req);
    const rec = created(recOf(req));
    const jornada: Jornada = body.jornada ?? (r.recs.openSolicitacao(rec) ? 'JORNADA_1' : rec.fields.txidJornada ? 'JORNADA_3' : 'JORNADA_2');
    const devedor = rec.fields.vinculo.devedor as { cpf?: string; cnpj?: string };
    const given = body.pagador ?? {};
    const documentoPagador = given.cpf ? { cpf: given.cpf } : given.cnpj ? { cnpj: given.cnpj } : devedor.cpf ? { cpf: devedor.cpf } : { cnpj: devedor.cnpj! };
    r.approve(rec, jornada, { ...documentoPagador, ispbParticipante: given.ispbParticipante ?? '99999999', ...(given.codMun ? { codMun: given.codMun } : {}) });
    res.json(recAnswer(rec));
  });

  router.post('/_control/rec/:idRec/reject', (req, res) => {
    const body = parse(rejectBody, req);
    const rec = created(recOf(req));
    r.reject(rec, body.codigo, body.descricao);
    res.json(recAnswer(rec));
  });

  router.post('/_control/rec/:idRec/cancel', (req, res) => {
    const body = parse(cancelBody, req);
    const rec = recOf(req);
    if (CLOSED_REC.includes(rec.status)) throw new ControlError(409, `the rec is ${rec.status}`);
    r.cancel(rec, body);
    res.json(recAnswer(rec));
  });

  router.post('/_control/rec/:idRec/expire', (req, res) => {
    parse(z.object({}).strict(), req);
    const rec = created(recOf(req));
    r.expire(rec);
    res.json(recAnswer(rec));
  });

  router.post('/_control/cobr/:txid/pay', (req, res) => {
    parse(z.object({}).strict(), req);
    const { cobr, attempt } = attemptOf(req);
    r.pay(cobr, attempt);
    res.json(cobrJson(cobr, r.receiver));
  });

  router.post('/_control/cobr/:txid/fail', (req, res) => {
    const body = parse(failBody, req);
    const { cobr, attempt } = attemptOf(req);
    r.fail(cobr, attempt, body);
    res.json(cobrJson(cobr, r.receiver));
  });

  return router;
}

import type { CivilDay } from '../../domain/recurrences/civil-day';
import type { PayerAccount, RecurrencePayer } from '../../domain/recurrences/create-recurrence.input';
import { CYCLE_STATUS_OF_SPEC } from '../../domain/recurrences/cycle-status';
import { PERIOD_IN_SPEC } from '../../domain/recurrences/recurrence-calendar';
import type { CycleChargeRegistration, InstitutionCycleAttempt, InstitutionCycleCharge, InstitutionRecurrence, RecurrenceRegistration } from '../../domain/recurrences/recurrence-institution';
import { ENDED_BY_OF_SPEC, PUSH_REQUEST_STATUS_OF_SPEC, RECURRENCE_STATUS_OF_SPEC } from '../../domain/recurrences/recurrence-status';
import { RETRY_POLICY_IN_SPEC } from '../../domain/recurrences/retry-policy';
import type { PspPix } from '../../domain/transactions/psp-pix';
import { reais } from './cob-transformers';
import { receivedPix } from './received-pix';

/** API Pix `vinculo.devedor.nome`: at most 140 characters. */
const NOME_MAX = 140;
/** API Pix `infoAdicional` of a cobr: at most 140 characters. */
const INFO_MAX = 140;
/** API Pix `encerramento.*.descricao`: at most 400 characters. */
const DESCRICAO_MAX = 400;

/** The platform's account at the PSP, where each cycle is credited (API Pix `cobr.recebedor`). */
export interface ReceiverAccount {
  number: string;
  branch: string | null;
  type: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';
}

const cut = (s: string, max: number) => [...s].slice(0, max).join('');

const documentOf = (p: Pick<RecurrencePayer, 'document' | 'documentType'>) => (p.documentType === 'CNPJ' ? { cnpj: p.document } : { cpf: p.document });

/** The `RecSolicitada` body of `POST /rec`: the contract, calendar, amount and policy; the location (QR journeys) and J3's first charge when given. */
export function recRequest(r: RecurrenceRegistration, o: { loc: number | null }): Record<string, unknown> {
  const vinculo: Record<string, unknown> = { contrato: r.contract.number, devedor: { ...documentOf(r.contract.payer), nome: cut(r.contract.payer.name, NOME_MAX) } };
  if (r.contract.object) vinculo.objeto = r.contract.object;
  const calendario: Record<string, unknown> = { dataInicial: r.calendar.firstDate, periodicidade: PERIOD_IN_SPEC[r.calendar.period] };
  if (r.calendar.lastDate) calendario.dataFinal = r.calendar.lastDate;
  const body: Record<string, unknown> = { vinculo, calendario };
  if (r.amount.type === 'FIXED') body.valor = { valorRec: reais(r.amount.cents) };
  else if (r.amount.minimumCents !== null) body.valor = { valorMinimoRecebedor: reais(r.amount.minimumCents) };
  body.politicaRetentativa = RETRY_POLICY_IN_SPEC[r.retryPolicy];
  if (o.loc !== null) body.loc = o.loc;
  if (r.firstPayment) body.ativacao = { dadosJornada: { txid: r.firstPayment.txid } };
  return body;
}

/** The `SolicRecSolicitada` body of `POST /solicrec` (J1): the push request to the payer's account, due when the authorisation is. */
export function solicrecRequest(o: { recId: string; payer: RecurrencePayer; account: PayerAccount; expiresAt: Date }): Record<string, unknown> {
  const destinatario: Record<string, unknown> = { ispbParticipante: o.account.ispb, conta: o.account.number, ...documentOf(o.payer) };
  if (o.account.branch) destinatario.agencia = o.account.branch;
  return { idRec: o.recId, calendario: { dataExpiracaoSolicitacao: o.expiresAt.toISOString() }, destinatario };
}

/** The `RecRevisada` body of `PATCH /rec/{idRec}` that cancels it (the seller's side: USUARIO_RECEBEDOR). */
export const recCancelRequest = (): Record<string, unknown> => ({ status: 'CANCELADA' });

/** The `CobRSolicitada` body of `PUT /cobr/{txid}`: the cycle's due date and amount, credited to the platform's account. */
export function cobrRequest(c: CycleChargeRegistration, account: ReceiverAccount): Record<string, unknown> {
  const recebedor: Record<string, unknown> = { conta: account.number, tipoConta: account.type };
  if (account.branch) recebedor.agencia = account.branch;
  const body: Record<string, unknown> = {
    idRec: c.recId,
    calendario: { dataDeVencimento: c.dueDate },
    valor: { original: reais(c.amount) },
    ajusteDiaUtil: true,
    recebedor,
  };
  const info = c.description.trim();
  if (info) body.infoAdicional = cut(info, INFO_MAX);
  return body;
}

const obj = (v: unknown): Record<string, unknown> | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** `encerramento.rejeicao` or `encerramento.cancelamento`: who ended it and why, in our words. */
function endOf(encerramento: unknown, status: string): InstitutionRecurrence['end'] {
  const e = obj(encerramento);
  const rejeicao = obj(e?.rejeicao);
  const cancelamento = obj(e?.cancelamento);
  if (cancelamento) {
    const by = ENDED_BY_OF_SPEC[text(cancelamento.solicitante) ?? ''] ?? 'PAYER_INSTITUTION';
    return { by, reason: descricao(cancelamento) };
  }
  if (rejeicao) return { by: 'PAYER', reason: descricao(rejeicao) };
  return status === 'EXPIRED' ? { by: 'SYSTEM', reason: 'the payer did not answer in time' } : null;
}

function descricao(o: Record<string, unknown>): string | null {
  const words = [text(o.codigo), text(o.descricao)].filter((x): x is string => x !== null);
  return words.length ? cut(words.join(': '), DESCRICAO_MAX) : null;
}

/** A recurrence as `GET /rec/{idRec}` (or `GET /rec`, or a `webhookrec` callback) answers it, in our words; null when unreadable. */
export function recOf(body: unknown): InstitutionRecurrence | null {
  const rec = obj(body);
  const recId = text(rec?.idRec);
  const status = RECURRENCE_STATUS_OF_SPEC[text(rec?.status) ?? ''];
  if (!rec || !recId || !status) return null;
  const requests = list(rec.solicitacao).map(obj);
  const lastRequest = requests[requests.length - 1];
  const pushRequestStatus = lastRequest ? (PUSH_REQUEST_STATUS_OF_SPEC[text(lastRequest.status) ?? ''] ?? null) : null;
  return { recId, status, pushRequestStatus, end: status === 'CREATED' || status === 'APPROVED' ? null : endOf(rec.encerramento, status) };
}

/** The BR Code of the QR the payer scans (`dadosQR.pixCopiaECola` of `GET /rec/{idRec}`), or null when the PSP gives none. */
export const recQrOf = (body: unknown): string | null => text(obj(obj(body)?.dadosQR)?.pixCopiaECola);

/** `tentativas[].status` in our words: settled (PAID), failed, or still pending. */
const ATTEMPT_OUTCOME_OF_SPEC: Readonly<Record<string, InstitutionCycleAttempt['outcome']>> = {
  SOLICITADA: 'PENDING',
  AGENDADA: 'PENDING',
  PAGA: 'PAID',
  REJEITADA: 'FAILED',
  EXPIRADA: 'FAILED',
  CANCELADA: 'FAILED',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A recurring charge as `GET /cobr/{txid}` (or `GET /cobr`) answers it, in our words; null when unreadable. */
export function cobrOf(body: unknown): InstitutionCycleCharge | null {
  const cobr = obj(body);
  const txid = text(cobr?.txid);
  const status = CYCLE_STATUS_OF_SPEC[text(cobr?.status) ?? ''];
  if (!cobr || !txid || !status) return null;
  const attempts: InstitutionCycleAttempt[] = [];
  for (const t of list(cobr.tentativas).map(obj)) {
    const on = text(t?.dataLiquidacao);
    const outcome = ATTEMPT_OUTCOME_OF_SPEC[text(t?.status) ?? ''];
    if (!t || !on || !DAY.test(on) || !outcome) continue;
    const rejeicao = obj(t.rejeicao);
    attempts.push({ on: on as CivilDay, outcome, reason: outcome === 'FAILED' ? (rejeicao ? descricao(rejeicao) : `attempt ${text(t.status)!.toLowerCase()}`) : null });
  }
  const pix = list(cobr.pix)
    .map(receivedPix)
    .filter((p): p is PspPix => p !== null);
  const e = obj(cobr.encerramento);
  const ending = obj(e?.cancelamento) ?? obj(e?.rejeicao);
  return { txid, status, attempts, pix, reason: ending ? descricao(ending) : null };
}

/** The idRecs a `webhookrec` callback names (`{recs: [{idRec, ...}]}`), each once. */
export const callbackRecIds = (body: unknown, max = 1_000): string[] => namedIn(body, 'recs', 'idRec', /^[a-zA-Z0-9]{29}$/, max);

/** The txids a `webhookcobr` callback names (`{cobsr: [{txid, ...}]}`), each once. */
export const callbackCobrTxids = (body: unknown, max = 1_000): string[] => namedIn(body, 'cobsr', 'txid', /^[a-zA-Z0-9]{26,35}$/, max);

function namedIn(body: unknown, listName: string, field: string, pattern: RegExp, max: number): string[] {
  const ids = list(obj(body)?.[listName])
    .map((x) => text(obj(x)?.[field]))
    .filter((id): id is string => id !== null && pattern.test(id));
  return [...new Set(ids)].slice(0, max);
}

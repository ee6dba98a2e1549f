import { addDays, brasiliaDate, businessDayOnOrAfter } from '../../src/domain/due-date/civil-dates';
import type { HolidayCalendar } from '../../src/domain/privacy/business-days';
import { RETRY_LIMITS } from '../../src/domain/recurrences/retry-policy';
import type { CallbackSender } from './callbacks';
import { cobrNotificationJson, CobRStore, type CobR, type CobRFields, type Tentativa } from './cobr-store';
import { CLOSED_REC, RecStore, type Encerramento, type Jornada, type Rec } from './rec-store';
import { recNotificationJson, type RecReceiver } from './rec-views';

export interface RecWebhook {
  webhookUrl: string;
  criacao: string;
}

type Solicitante = 'PSP_PAGADOR' | 'USUARIO_PAGADOR' | 'PSP_RECEBEDOR' | 'USUARIO_RECEBEDOR';

/**
 * Rejection codes of an attempt that end the recurring charge itself (the spec's
 * `tentativas.rejeicao.codigo`: "causam a rejeição da cobrança recorrente correspondente").
 */
export const FINAL_REJECTIONS: readonly string[] = ['AC05', 'AM09', 'DENC', 'DS27', 'DTED', 'MIDI', 'MSUC', 'NITX', 'RC09'];

/**
 * PIX Automático at the receiver's PSP: recurrences, their push requests and recurring
 * charges, the acts of the receiver (API Pix) and of the payer's side (control API), and
 * the callbacks to `webhookrec` and `webhookcobr` each change sends.
 */
export class Recurrences {
  readonly recs: RecStore;
  readonly cobrs = new CobRStore();
  webhookRec: RecWebhook | undefined;
  webhookCobr: RecWebhook | undefined;

  constructor(
    locationHost: string,
    readonly receiver: RecReceiver,
    private readonly clock: { now(): number },
    private readonly callbacks: CallbackSender,
    private readonly holidays: HolidayCalendar,
  ) {
    this.recs = new RecStore(locationHost);
  }

  reset(): void {
    this.recs.reset();
    this.cobrs.reset();
    this.webhookRec = undefined;
    this.webhookCobr = undefined;
  }

  private now(): number {
    return this.clock.now();
  }

  today(): string {
    return brasiliaDate(new Date(this.now()));
  }

  /** The payer approves the recurrence in their bank: APROVADA, its open push request ACEITA. */
  approve(rec: Rec, jornada: Jornada, pagador: NonNullable<Rec['pagador']>): void {
    const open = this.recs.openSolicitacao(rec);
    if (open) this.recs.setSolicitacaoStatus(open, 'ACEITA', this.now());
    rec.jornada = jornada;
    rec.pagador = pagador;
    this.recs.setStatus(rec, 'APROVADA', this.now());
    this.notifyRec(rec);
  }

  /** The payer refuses it (AP13, AP14): REJEITADA, its open push request REJEITADA. */
  reject(rec: Rec, codigo: string, descricao: string): void {
    const open = this.recs.openSolicitacao(rec);
    if (open) this.recs.setSolicitacaoStatus(open, 'REJEITADA', this.now());
    rec.encerramento = { rejeicao: { codigo, descricao } };
    this.recs.setStatus(rec, 'REJEITADA', this.now());
    this.notifyRec(rec);
  }

  /** The recurrence was never approved in time: EXPIRADA, its open push request EXPIRADA. */
  expire(rec: Rec): void {
    const open = this.recs.openSolicitacao(rec);
    if (open) this.recs.setSolicitacaoStatus(open, 'EXPIRADA', this.now());
    this.recs.setStatus(rec, 'EXPIRADA', this.now());
    this.notifyRec(rec);
  }

  /**
   * Cancelled by the receiver (PATCH) or the payer's side (control API): CANCELADA, an open
   * push request CANCELADA, and every recurring charge still to be paid CANCELADA with it.
   */
  cancel(rec: Rec, cancelamento: { solicitante: Solicitante; codigo: string; descricao: string }): void {
    const open = this.recs.openSolicitacao(rec);
    if (open) this.recs.setSolicitacaoStatus(open, 'CANCELADA', this.now());
    rec.encerramento = { cancelamento } as Encerramento;
    this.recs.setStatus(rec, 'CANCELADA', this.now());
    this.notifyRec(rec);
    const byPayer = cancelamento.solicitante === 'USUARIO_PAGADOR' || cancelamento.solicitante === 'PSP_PAGADOR';
    for (const cobr of this.cobrs.ofRec(rec.idRec)) {
      if (cobr.status !== 'CRIADA' && cobr.status !== 'ATIVA') continue;
      this.cancelCobr(cobr, {
        solicitante: cancelamento.solicitante,
        codigo: byPayer ? 'SLBD' : 'SLCR',
        descricao: `Recorrência cancelada: ${cancelamento.descricao}`.slice(0, 400),
      });
    }
  }

  /** The day an attempt for `date` is expected to settle: the next business day when asked (`ajusteDiaUtil`). */
  settlementDay(fields: CobRFields, date = fields.dataDeVencimento): string {
    return fields.ajusteDiaUtil ? businessDayOnOrAfter(date, this.holidays) : date;
  }

  /**
   * A new recurring charge: CRIADA, then at once sent to the payer's institution, which
   * schedules its first attempt (AGND, AGENDADA) and makes it ATIVA.
   */
  createCobr(txid: string, fields: CobRFields): CobR {
    return this.cobrs.create(txid, fields, this.now(), this.today());
  }

  activate(cobr: CobR): void {
    const t = this.cobrs.addAttempt(cobr, this.settlementDay(cobr.fields), 'AGND', this.now());
    this.cobrs.setAttemptStatus(t, 'AGENDADA', this.now());
    this.cobrs.setStatus(cobr, 'ATIVA', this.now());
    this.notifyCobr(cobr);
  }

  cancelCobr(cobr: CobR, cancelamento: { solicitante: Solicitante; codigo: string; descricao: string }): void {
    for (const t of cobr.tentativas) if (t.status === 'SOLICITADA' || t.status === 'AGENDADA') this.cobrs.setAttemptStatus(t, 'CANCELADA', this.now());
    cobr.encerramento = { cancelamento };
    this.cobrs.setStatus(cobr, 'CANCELADA', this.now());
    this.notifyCobr(cobr);
  }

  /** The payer's institution settles the open attempt: PAGA, the charge CONCLUIDA with its Pix. */
  pay(cobr: CobR, attempt: Tentativa): void {
    this.cobrs.setAttemptStatus(attempt, 'PAGA', this.now());
    cobr.pix = { endToEndId: attempt.endToEndId, txid: cobr.txid, valor: cobr.fields.valor.original, horario: new Date(this.now()).toISOString() };
    this.cobrs.setStatus(cobr, 'CONCLUIDA', this.now());
    this.notifyCobr(cobr);
  }

  /**
   * The open attempt fails. A final code, or a policy that allows no (more) retries, ends
   * the charge REJEITADA; otherwise it stays ATIVA, waiting for a retentativa.
   */
  fail(cobr: CobR, attempt: Tentativa, rejeicao: { codigo: string; descricao: string }): void {
    attempt.rejeicao = rejeicao;
    this.cobrs.setAttemptStatus(attempt, 'REJEITADA', this.now());
    if (FINAL_REJECTIONS.includes(rejeicao.codigo) || this.lastRetryDay(cobr) === null) {
      cobr.encerramento = { rejeicao };
      this.cobrs.setStatus(cobr, 'REJEITADA', this.now());
    }
    this.notifyCobr(cobr);
  }

  /**
   * The last day a retry may still be asked for, or null when none may: the policy allows
   * none, three retries were made, or the 7 days after the due date are behind.
   */
  lastRetryDay(cobr: CobR): string | null {
    const rec = this.recs.recs.get(cobr.fields.idRec);
    if (!rec || rec.fields.politicaRetentativa !== 'PERMITE_3R_7D') return null;
    if (cobr.tentativas.filter((t) => t.tipo !== 'AGND').length >= RETRY_LIMITS.maxRetries) return null;
    const last = addDays(cobr.fields.dataDeVencimento, RETRY_LIMITS.withinDays);
    return addDays(this.today(), 1) <= last ? last : null;
  }

  /** A new attempt on `date` (NTAG), scheduled by the payer's institution. */
  retry(cobr: CobR, date: string): void {
    const t = this.cobrs.addAttempt(cobr, date, 'NTAG', this.now());
    this.cobrs.setAttemptStatus(t, 'AGENDADA', this.now());
    this.notifyCobr(cobr);
  }

  /** An ATIVA charge without an open attempt whose retry days are behind is EXPIRADA (checked when read or acted on). */
  expireIfDue(cobr: CobR): void {
    if (cobr.status !== 'ATIVA' || this.cobrs.openAttempt(cobr) || this.lastRetryDay(cobr) !== null) return;
    this.cobrs.setStatus(cobr, 'EXPIRADA', this.now());
    this.notifyCobr(cobr);
  }

  /** Whether a recurrence can still change. */
  isClosed(rec: Rec): boolean {
    return CLOSED_REC.includes(rec.status);
  }

  private notifyRec(rec: Rec): void {
    if (this.webhookRec) this.callbacks.sendItems(this.webhookRec.webhookUrl, 'recs', [recNotificationJson(rec)]);
  }

  private notifyCobr(cobr: CobR): void {
    if (this.webhookCobr) this.callbacks.sendItems(this.webhookCobr.webhookUrl, 'cobsr', [cobrNotificationJson(cobr)]);
  }
}

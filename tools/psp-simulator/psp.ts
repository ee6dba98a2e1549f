import { brasiliaDate, type CivilDate } from '../../src/domain/due-date/civil-dates';
import type { HolidayCalendar } from '../../src/domain/privacy/business-days';
import { centsOf, reaisOf } from './amount';
import { CallbackSender, type CallbackTls } from './callbacks';
import { type Charge, type ChargeStore, LocationIds } from './charge-store';
import { CobStore, type Cob, type Receiver } from './cob-store';
import { cobvAmountDue, componentesValor } from './cobv-terms';
import { CobvStore, type Cobv } from './cobv-store';
import { nationalHolidays } from './holidays';
import { noFaults, type Faults } from './faults';
import { interCallbackItem } from './inter-payout-views';
import { normalPayouts, payoutEndToEndId, PayoutStore, type Payout, type PayoutSettings } from './payout-store';
import { newRtrId, PixStore, type Devolucao, type NewPix } from './pix-store';
import { Recurrences } from './recurrences';
import { Tokens, type ClientCredentials } from './tokens';

export interface Webhook {
  webhookUrl: string;
  criacao: string;
}

/** What happens to a devolução after `PUT /pix/{e2eid}/devolucao/{id}` answered EM_PROCESSAMENTO. */
export interface RefundSettings {
  mode: 'auto' | 'manual';
  outcome: 'DEVOLVIDO' | 'NAO_REALIZADO';
  delayMs: number;
}

export interface PspOptions {
  receiver: Receiver;
  /** The receiver's CNPJ, shown with its webhooks. */
  cnpj: string;
  client: ClientCredentials;
  tokenTtlSeconds: number;
  callbackTls: CallbackTls;
}

/** The account's balance until the control API sets another: R$ 100 million, enough for any test that does not mean to run short. */
const DEFAULT_BALANCE_CENTS = 10_000_000_000;

/** What the payer may add to a Pix (the control API's pay). */
export type PayerExtras = { infoPagador?: string; pagador?: { cpf?: string; cnpj?: string } };

/** Refunds are allowed within 90 days of the Pix. */
const REFUND_WINDOW_MS = 90 * 86_400_000;

/** The simulated PSP's state and the acts both the API Pix and the control API perform on it. */
export class Psp {
  readonly cobs: CobStore;
  /** Charges with a due date: priced on the day of payment by their terms and the national holidays. */
  readonly cobvs: CobvStore;
  readonly holidays: HolidayCalendar = nationalHolidays();
  private readonly locationIds = new LocationIds();
  readonly pix = new PixStore();
  readonly webhooks = new Map<string, Webhook>();
  readonly tokens: Tokens;
  readonly callbacks: CallbackSender;
  /** PIX Automático: recurrences, their push requests and recurring charges, and their webhooks. */
  readonly recurrences: Recurrences;
  faults: Faults = noFaults();
  refunds: RefundSettings = { mode: 'auto', outcome: 'DEVOLVIDO', delayMs: 1000 };
  /** Efí's payouts ("Pix Envio") and what happens to them. */
  readonly payouts = new PayoutStore();
  payoutSettings: PayoutSettings = normalPayouts();
  /** Banco Inter's banking webhooks by type (`pix-pagamento`), and its payouts by `x-id-idempotente`. */
  readonly bankingWebhooks = new Map<string, Webhook>();
  readonly interIdempotency = new Map<string, { codigoSolicitacao: string; answer: Record<string, unknown> }>();
  /** The account's balance (`GET /v2/gn/saldo`), in centavos: a payout takes its amount, a NAO_REALIZADO gives it back. */
  balanceCents = DEFAULT_BALANCE_CENTS;
  /** When enabled, every new cob is paid (its amount) this long after its creation. */
  autoPay = { enabled: false, delayMs: 0 };
  /** Added to the real clock: the control API moves time forward (expiry, token lifetime, late payments). */
  clockOffsetMs = 0;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(readonly options: PspOptions) {
    this.cobs = new CobStore(options.receiver, this.locationIds);
    this.cobvs = new CobvStore(options.receiver, this.locationIds, {
      cnpj: options.cnpj,
      nome: options.receiver.merchantName,
      logradouro: 'Avenida Paulista, 1000',
      cidade: options.receiver.merchantCity,
      uf: 'SP',
      cep: '01310100',
    });
    this.tokens = new Tokens(options.client, options.tokenTtlSeconds);
    this.callbacks = new CallbackSender(options.callbackTls);
    this.recurrences = new Recurrences(options.receiver.locationHost, { cnpj: options.cnpj, nome: options.receiver.merchantName }, this, this.callbacks, this.holidays);
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  reset(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.cobs.reset();
    this.cobvs.reset();
    this.locationIds.reset();
    this.pix.reset();
    this.webhooks.clear();
    this.tokens.expireAll();
    this.tokens.ttlSeconds = this.options.tokenTtlSeconds;
    this.callbacks.reset();
    this.recurrences.reset();
    this.faults = noFaults();
    this.refunds = { mode: 'auto', outcome: 'DEVOLVIDO', delayMs: 1000 };
    this.payouts.reset();
    this.payoutSettings = normalPayouts();
    this.bankingWebhooks.clear();
    this.interIdempotency.clear();
    this.balanceCents = DEFAULT_BALANCE_CENTS;
    this.autoPay = { enabled: false, delayMs: 0 };
    this.clockOffsetMs = 0;
  }

  /** A new cob was created: with auto-pay on, the payer pays it after the delay (if it is still ATIVA then). */
  created(cob: Cob): void {
    this.autoPayLater(this.cobs, cob, () => this.pay(cob, centsOf(this.cobs.current(cob).valor.original)!));
  }

  /** A new cobv was created: with auto-pay on, the payer pays what it asks on the day of the payment. */
  createdCobv(cobv: Cobv): void {
    this.autoPayLater(this.cobvs, cobv, () => this.payCobv(cobv));
  }

  /** The payer pays the cob: a Pix arrives, the cob is CONCLUIDA, the callback goes out. */
  pay(cob: Cob, cents: number, extra: PayerExtras = {}): number {
    return this.paid(this.cobs, cob, { cents, horario: this.now(), txid: cob.txid, chave: this.cobs.current(cob).chave, ...extra });
  }

  /** Brasília's civil date on the simulator's clock. */
  today(): CivilDate {
    return brasiliaDate(new Date(this.now()));
  }

  /**
   * The payer pays the cobv on `date` (Brasília, today by default) what its terms ask that
   * day, split in `componentesValor`; null when that day is after its last payable day. A
   * day other than today is paid at noon of it, so the Pix's own time says the day.
   */
  payCobv(cobv: Cobv, date: CivilDate = this.today(), extra: PayerExtras = {}): number | null {
    const due = cobvAmountDue(this.cobvs.current(cobv), date, this.holidays);
    if (!due) return null;
    const horario = date === this.today() ? this.now() : Date.parse(`${date}T12:00:00-03:00`);
    return this.paid(this.cobvs, cobv, { cents: due.final, horario, txid: cobv.txid, chave: this.cobvs.current(cobv).chave, componentes: componentesValor(due), ...extra });
  }

  /** A cobv paid with an amount of the payer's choosing (a payer's bank that priced it otherwise). */
  payCobvAmount(cobv: Cobv, cents: number, extra: PayerExtras = {}): number {
    return this.paid(this.cobvs, cobv, { cents, horario: this.now(), txid: cobv.txid, chave: this.cobvs.current(cobv).chave, ...extra });
  }

  /** A Pix received without a cob of this receiver (a static code, or a txid the receiver does not know). */
  receive(cents: number, chave: string, txid?: string, horario = this.now()): number {
    const seq = this.pix.add({ cents, horario, txid, chave });
    this.notify(seq);
    return seq;
  }

  /** Centavos of the Pix not yet returned or being returned. */
  refundable(seq: number): number {
    const taken = this.pix
      .devolucoesOf(seq)
      .filter((d) => d.status !== 'NAO_REALIZADO')
      .reduce((sum, d) => sum + (centsOf(d.valor) ?? 0), 0);
    return this.pix.centsOf(seq) - taken;
  }

  withinRefundWindow(seq: number): boolean {
    return this.now() - this.pix.horarioOf(seq) <= REFUND_WINDOW_MS;
  }

  /** A devolução starts EM_PROCESSAMENTO; in `auto` mode it reaches its outcome after the delay. */
  startRefund(seq: number, id: string, cents: number, natureza: Devolucao['natureza'], descricao?: string): Devolucao {
    const d: Devolucao = {
      id,
      rtrId: newRtrId(this.now()),
      valor: reaisOf(cents),
      natureza,
      ...(descricao !== undefined ? { descricao } : {}),
      horario: { solicitacao: new Date(this.now()).toISOString() },
      status: 'EM_PROCESSAMENTO',
    };
    this.pix.addDevolucao(seq, d);
    if (this.refunds.mode === 'auto') {
      const outcome = this.refunds.outcome;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (d.status === 'EM_PROCESSAMENTO') this.settleRefund(seq, d, outcome);
      }, this.refunds.delayMs);
      this.timers.add(timer);
    }
    return d;
  }

  /** A devolução reaches its final status; the callback carries the Pix with its devoluções. */
  settleRefund(seq: number, d: Devolucao, status: 'DEVOLVIDO' | 'NAO_REALIZADO', motivo?: string): void {
    d.status = status;
    if (status === 'DEVOLVIDO') d.horario.liquidacao = new Date(this.now()).toISOString();
    else d.motivo = motivo ?? 'Devolução não realizada pelo PSP do pagador.';
    this.notify(seq);
  }

  /** A MED return: the payer's institution takes money back (natureza MED_*), already settled. */
  medReturn(seq: number, cents: number, natureza: 'MED_OPERACIONAL' | 'MED_FRAUDE' | 'MED_PIX_AUTOMATICO', id: string): Devolucao {
    const now = new Date(this.now()).toISOString();
    const d: Devolucao = { id, rtrId: newRtrId(this.now()), valor: reaisOf(cents), natureza, horario: { solicitacao: now, liquidacao: now }, status: 'DEVOLVIDO' };
    this.pix.addDevolucao(seq, d);
    this.notify(seq);
    return d;
  }

  /** A payout accepted EM_PROCESSAMENTO; in `auto` mode it reaches its outcome after the delay. `loseNext` forgets it at once. */
  sendPayout(idEnvio: string, body: { valor: string; pagador: { chave: string; infoPagador?: string }; favorecido: Record<string, string> }, psp?: 'inter'): Payout {
    const p: Payout = {
      idEnvio,
      ...(psp ? { psp } : {}),
      endToEndId: payoutEndToEndId(this.now()),
      valor: body.valor,
      chave: body.pagador.chave,
      ...(body.pagador.infoPagador ? { infoPagador: body.pagador.infoPagador } : {}),
      favorecido: { ...body.favorecido },
      status: 'EM_PROCESSAMENTO',
      horario: { solicitacao: new Date(this.now()).toISOString() },
    };
    this.payouts.add(p);
    this.balanceCents -= centsOf(body.valor) ?? 0;
    if (this.payoutSettings.loseNext > 0) {
      this.payoutSettings.loseNext--;
      this.payouts.forget(idEnvio);
      return p;
    }
    if (this.payoutSettings.mode === 'auto') {
      const outcome = this.payoutSettings.outcome;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (p.status === 'EM_PROCESSAMENTO' && this.payouts.get(idEnvio) === p) this.settlePayout(p, outcome);
      }, this.payoutSettings.delayMs);
      this.timers.add(timer);
    }
    return p;
  }

  /**
   * A payout reaches REALIZADO or NAO_REALIZADO (at `atMs`, the simulator's clock by default);
   * the webhook of the paying key (Inter: `pix-pagamento`) is told.
   */
  settlePayout(p: Payout, status: 'REALIZADO' | 'NAO_REALIZADO', motivo?: string, atMs = this.now()): void {
    p.status = status;
    if (status === 'REALIZADO') p.horario.liquidacao = new Date(atMs).toISOString();
    else {
      p.erro = { codigo: 'AC03', origem: 'PSP do usuário recebedor', motivo: motivo ?? 'Conta transacional do usuário recebedor inexistente ou inválida' };
      this.balanceCents += centsOf(p.valor) ?? 0;
    }
    if (p.psp === 'inter') {
      const banking = this.bankingWebhooks.get('pix-pagamento');
      if (banking) this.callbacks.sendList(banking.webhookUrl, [interCallbackItem(p)]);
      return;
    }
    const webhook = this.webhooks.get(p.chave);
    if (webhook) this.callbacks.send(webhook.webhookUrl, [this.payouts.toWebhookItem(p)]);
  }

  /** A Pix arrives for the charge: it is CONCLUIDA, the callback goes out. */
  private paid<F>(store: ChargeStore<F>, charge: Charge<F>, pix: NewPix): number {
    const seq = this.pix.add(pix);
    charge.pix.push(seq);
    if (charge.status === 'ATIVA') store.revise(charge, store.current(charge), 'CONCLUIDA');
    this.notify(seq);
    return seq;
  }

  private autoPayLater<F>(store: ChargeStore<F>, charge: Charge<F>, pay: () => unknown): void {
    if (!this.autoPay.enabled) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (charge.status === 'ATIVA' && store.get(charge.txid) === charge) pay();
    }, this.autoPay.delayMs);
    this.timers.add(timer);
  }

  /** Only Pix with a txid are notified, to the webhook of their key. */
  private notify(seq: number): void {
    if (this.pix.txidOf(seq) === undefined) return;
    const webhook = this.webhooks.get(this.pix.chaveOf(seq));
    if (webhook) this.callbacks.send(webhook.webhookUrl, [this.pix.toJson(seq)]);
  }
}

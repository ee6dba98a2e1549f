import type { InstitutionRefundState, InstitutionReport, PaymentInstitution, PixChargeRegistrar, PixChargeRegistration, RegisteredPixCharge } from '../../domain/transactions/transactions.ports';
import type { TransactionPaymentMethod } from '../../domain/transactions/transaction.types';
import type { Logger } from '../log/logger';
import type { ApiPixClient } from './apipix-client';
import { institutionUnavailable, PspProblemError } from './apipix-errors';
import { type CobAnswer, cobRequest, cobvRequest, reais, registeredCharge } from './cob-transformers';
import { pixReturn } from './received-pix';

export interface ApiPixInstitutionDeps {
  client: Pick<ApiPixClient, 'call'>;
  /** The platform's receiving key: the `chave` of every cob. */
  pixKey: string;
  logger: Logger;
  /** The inbound report path (the same one the callbacks use). */
  report(report: InstitutionReport): Promise<unknown>;
}

function refundPath(input: { transactionId: string; refundId: string; end2endId: string | null }): string {
  if (!input.end2endId) throw new Error(`refund ${input.refundId}: transaction ${input.transactionId} has no end-to-end id to return`);
  return `/pix/${input.end2endId}/devolucao/${input.refundId}`;
}

/** Answers of `PUT /cob/{txid}` that may mean "this txid is taken": the PSPs differ, so the cob is read back. */
const MAYBE_EXISTS = new Set([400, 409, 422]);

/** Answers of `PUT /pix/{e2eid}/devolucao/{id}` that refuse the devolução itself (API Pix `PixDevolucaoInvalida`; some PSPs use 422). */
const REFUSES_DEVOLUCAO = new Set([400, 422]);

/**
 * A PSP speaking the Central Bank's API Pix, for charges. A PIX charge is a cob registered
 * before the charge is stored (`PUT /cob/{txid}`, txid ours and the same for every retry of
 * one request); a retry that finds the cob there reads it back (`GET /cob/{txid}`) instead
 * of making a second one. docs/operate/going-live.md gives the reasons.
 */
export class ApiPixInstitution implements PaymentInstitution, PixChargeRegistrar {
  constructor(private readonly d: ApiPixInstitutionDeps) {}

  assertReady(): void {}

  /** A charge with a due date is a cobv (`PUT /cobv/{txid}`), the same way. */
  async registerPixCharge(input: PixChargeRegistration): Promise<RegisteredPixCharge> {
    const expected = { txid: input.txid, amount: input.amount, chave: this.d.pixKey };
    const kind = input.dueDateTerms ? 'cobv' : 'cob';
    const path = `/${kind}/${input.txid}`;
    const body = kind === 'cobv' ? cobvRequest(input, this.d.pixKey) : cobRequest(input, this.d.pixKey);
    try {
      const created = await this.d.client.call<CobAnswer>({ method: 'PUT', path, body, scopes: [`${kind}.write`] });
      return this.accept(created.body, expected, 'PUT');
    } catch (e) {
      if (!(e instanceof PspProblemError) || !MAYBE_EXISTS.has(e.status)) throw this.refused(e, input.txid);
      const existing = await this.readCob(input.txid, kind);
      if (!existing) throw this.refused(e, input.txid);
      return this.accept(existing, expected, 'GET');
    }
  }

  /** After the commit: the cob is held by the PSP already, so the charge is confirmed at once. */
  async registerCharge(input: { transactionId: string; paymentMethod: TransactionPaymentMethod }): Promise<void> {
    await this.d.report({ reportId: `apipix-created:${input.transactionId}`, transactionId: input.transactionId, status: 'CREATED' });
  }

  /**
   * `PUT /pix/{e2eid}/devolucao/{id}` with our refund id, so a repeated call is the same devolução.
   * A refusal (400 `PixDevolucaoInvalida`: more than is left of the Pix, past 90 days, the id
   * taken) is believed only when the PSP holds no devolução under our id: the one it holds, if
   * any, is what counts (a retry whose first answer was lost). Refused and not held: the refund
   * did not happen, and is answered `NAO_REALIZADO` so that the seller gets the money back.
   */
  async requestRefund(input: { transactionId: string; refundId: string; amount: number; end2endId: string | null }): Promise<InstitutionRefundState> {
    const path = refundPath(input);
    try {
      const answer = await this.d.client.call({ method: 'PUT', path, body: { valor: reais(input.amount) }, scopes: ['pix.write'] });
      return this.refundStateOf(answer.body, input.refundId, 'PUT');
    } catch (e) {
      if (!(e instanceof PspProblemError) || !REFUSES_DEVOLUCAO.has(e.status)) throw e;
      const held = await this.refundState(input);
      if (held) return held;
      const why = e.problem?.detail ?? e.problem?.title ?? `answered ${e.status}`;
      this.d.logger.warn({ refundId: input.refundId, transactionId: input.transactionId, status: e.status, problem: e.problem?.type }, 'the PSP refused a devolução');
      return { status: 'NAO_REALIZADO', rtrId: null, reason: `refused by the payment institution: ${why}` };
    }
  }

  /** `GET /pix/{e2eid}/devolucao/{id}`: null when the PSP does not hold it (404: not asked yet). */
  async refundState(input: { transactionId: string; refundId: string; end2endId: string | null }): Promise<InstitutionRefundState | null> {
    try {
      const answer = await this.d.client.call({ method: 'GET', path: refundPath(input), scopes: ['pix.read'] });
      return this.refundStateOf(answer.body, input.refundId, 'GET');
    } catch (e) {
      if (e instanceof PspProblemError && e.status === 404) return null;
      throw e;
    }
  }

  /** A devolução the PSP answers must be the one asked for; anything else is not applied (the job tries again). */
  private refundStateOf(body: unknown, refundId: string, how: string): InstitutionRefundState {
    const d = pixReturn(body);
    if (d?.id === refundId) return { status: d.status, rtrId: d.rtrId, reason: d.reason };
    this.d.logger.error({ refundId, how }, 'the PSP answered a devolução that is not the one asked for');
    throw new Error(`refund ${refundId}: the PSP answered another devolução`);
  }

  private async readCob(txid: string, kind: 'cob' | 'cobv'): Promise<CobAnswer | null> {
    try {
      return (await this.d.client.call<CobAnswer>({ method: 'GET', path: `/${kind}/${txid}`, scopes: [`${kind}.read`] })).body;
    } catch (e) {
      if (e instanceof PspProblemError && e.status === 404) return null;
      throw this.refused(e, txid);
    }
  }

  private accept(cob: CobAnswer, expected: { txid: string; amount: number; chave: string }, how: string): RegisteredPixCharge {
    const registered = registeredCharge(cob ?? {}, expected);
    if (registered) return registered;
    this.d.logger.error({ txid: expected.txid, status: cob?.status, how }, 'the PSP holds a cob for this txid that is not the charge asked for');
    throw institutionUnavailable('the PSP answered a cob that does not match the charge');
  }

  /** A 4xx from the PSP on our own request is our setup's fault (key, scopes, credentials): logged, answered 503. */
  private refused(e: unknown, txid: string): unknown {
    if (!(e instanceof PspProblemError)) return e;
    this.d.logger.error({ txid, status: e.status, problem: e.problem?.type, title: e.problem?.title }, 'the PSP refused a call');
    return institutionUnavailable(`the PSP refused the call with ${e.status}`);
  }
}

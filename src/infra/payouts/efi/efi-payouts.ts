import type { FloatReading, PayoutAnswer, PayoutFloatPsp, PayoutPsp } from '../../../domain/withdrawals/payout-psp.ports';
import type { PayoutOrder } from '../../../domain/withdrawals/withdrawals.ports';
import type { ApiPixClient } from '../../apipix/apipix-client';
import { PspProblemError } from '../../apipix/apipix-errors';
import { efiBalanceCents, efiPayoutRecord, efiSendBody, efiSendProblem, efiSentPayout } from './efi-payout-transformers';
import type { PspSentPayout } from '../../../domain/reconciliation/payout-reconciliation';
import type { SentPayoutList, SentPayoutPage } from '../../../domain/reconciliation/payout-reconciliation.service';
import type { TimeWindow } from '../../../domain/reconciliation/reconcile-window';
import { isLast, windowQuery } from '../../apipix/apipix-reconciliation-reads';

export interface EfiPayoutsDeps {
  /** The API Pix client machinery (OAuth2, mTLS, deadline, retries, breaker) on Efí's payout base URL. */
  client: Pick<ApiPixClient, 'call'>;
  /** The paying key: ours at Efí, with a webhook registered (Efí requires it for `pix.send`). */
  payerKey: string;
}

/**
 * Efí's "Pix Envio": `PUT /v3/gn/pix/:idEnvio` (scope `pix.send`) sends, with our identifier
 * as `idEnvio` (a second PUT with it answers 409 `id_envio_duplicado`); `GET
 * /v2/gn/pix/enviados/id-envio/:idEnvio` (scope `gn.pix.send.read`) reads it back, 404 when
 * Efí holds nothing; `GET /v2/gn/saldo` (scope `gn.balance.read`) reads the platform's balance.
 * Every failure is an answer (`unknown`), never an exception.
 */
export class EfiPayouts implements PayoutPsp, PayoutFloatPsp, SentPayoutList {
  constructor(private readonly d: EfiPayoutsDeps) {}

  async send(order: PayoutOrder & { pspPayoutId: string }): Promise<PayoutAnswer> {
    const id = order.pspPayoutId;
    try {
      const answer = await this.d.client.call({ method: 'PUT', path: `/v3/gn/pix/${id}`, body: efiSendBody(order, this.d.payerKey), scopes: ['pix.send'] });
      return heldOr(answer.body, id, 'the PSP answered the send with a body that is not this payout');
    } catch (e) {
      if (e instanceof PspProblemError) return efiSendProblem(e.status, e.problem);
      return { kind: 'unknown', reason: (e as Error).message };
    }
  }

  async query(pspPayoutId: string): Promise<PayoutAnswer> {
    try {
      const answer = await this.d.client.call({ method: 'GET', path: `/v2/gn/pix/enviados/id-envio/${pspPayoutId}`, scopes: ['gn.pix.send.read'] });
      return heldOr(answer.body, pspPayoutId, 'the PSP answered the query with a body that is not this payout');
    } catch (e) {
      if (e instanceof PspProblemError && e.status === 404) return { kind: 'absent' };
      if (e instanceof PspProblemError) return { kind: 'unknown', reason: `the PSP answered the query ${e.status}` };
      return { kind: 'unknown', reason: (e as Error).message };
    }
  }

  /** One page of the payouts Efí lists as requested in the window; throws when Efí cannot answer. */
  async sentPage(window: TimeWindow, index: number): Promise<SentPayoutPage> {
    const { body } = await this.d.client.call<{ parametros?: { paginacao?: { quantidadeDePaginas?: number } }; pix?: unknown[] }>({
      method: 'GET',
      path: '/v2/gn/pix/enviados',
      query: windowQuery(window, index),
      scopes: ['gn.pix.send.read'],
    });
    const listed = Array.isArray(body?.pix) ? body.pix : [];
    return { payouts: listed.map(efiSentPayout).filter((p): p is PspSentPayout => p !== null), unreadable: listed.filter((p) => efiSentPayout(p) === null).length, last: isLast(body ?? {}, index, listed.length) };
  }

  async balance(): Promise<FloatReading> {
    try {
      const answer = await this.d.client.call({ method: 'GET', path: '/v2/gn/saldo', scopes: ['gn.balance.read'] });
      const cents = efiBalanceCents(answer.body);
      return cents === null ? { kind: 'unknown', reason: 'the PSP answered the balance with a body that is not one' } : { kind: 'read', cents };
    } catch (e) {
      if (e instanceof PspProblemError) return { kind: 'unknown', reason: `the PSP answered the balance ${e.status}` };
      return { kind: 'unknown', reason: (e as Error).message };
    }
  }
}

function heldOr(body: unknown, id: string, reason: string): PayoutAnswer {
  const record = efiPayoutRecord(body, id);
  return record ? { kind: 'held', record } : { kind: 'unknown', reason };
}

import type { FloatReading, PayoutAnswer, PayoutFloatPsp, PayoutPsp } from '../../../domain/withdrawals/payout-psp.ports';
import type { PayoutOrder } from '../../../domain/withdrawals/withdrawals.ports';
import type { ApiPixClient } from '../../apipix/apipix-client';
import { PspProblemError } from '../../apipix/apipix-errors';
import { interBalanceCents } from './inter-account-transformers';
import { readInterPayout } from './inter-payout-read';
import { brasiliaDate, interEndToEndId, interIdempotencyKey, interRequestCode, interSendBody, interSendProblem, interStatementPage } from './inter-payout-transformers';

/** Where a payout's own identifier at the PSP (Inter's `codigoSolicitacao`) is kept once learned (the latest send's). */
export interface PayoutReferences {
  reference(pspPayoutId: string): Promise<string | null>;
  remember(pspPayoutId: string, reference: string): Promise<void>;
  /** When the last send of this payout began (committed before its call), or null. */
  lastSendAt(pspPayoutId: string): Promise<Date | null>;
}

export interface InterPayoutsDeps {
  /** The API Pix client machinery (OAuth2, mTLS, deadline, retries, breaker) on Inter's banking base URL. */
  client: Pick<ApiPixClient, 'call'>;
  references: PayoutReferences;
  now(): Date;
  /**
   * How long after a send began a payout missing from the statement may still be on its way
   * there; before that, "not listed" is no answer.
   */
  listingGraceMs: number;
  /** Rows asked per statement page. */
  pageSize?: number;
}

/** Statement pages read for one payout at most; a longer listing is no answer. */
const MAX_PAGES = 50;

type Listing = { kind: 'listed'; codigoSolicitacao: string } | { kind: 'absent' } | { kind: 'unknown'; reason: string };

/**
 * Banco Inter's "Pagamento Pix": `POST /banking/v2/pix` (scope `pagamento-pix.write`) sends and
 * answers Inter's `codigoSolicitacao`; `GET /banking/v2/pix/{codigoSolicitacao}` (scope
 * `pagamento-pix.read`) reads it back. Inter has no query by an identifier of ours, so ours
 * leads the payment's `descricao`, the code is remembered once learned, and a payout whose
 * code we never learned is looked for in the enriched statement (`GET
 * /banking/v2/extrato/completo`, scope `extrato.read`) from the day its last send began:
 * only a complete listing without it, past the grace, is "absent". `GET /banking/v2/saldo`
 * (scope `extrato.read`) reads the platform's balance. Every failure is an answer
 * (`unknown`), never an exception.
 */
export class InterPayouts implements PayoutPsp, PayoutFloatPsp {
  constructor(private readonly d: InterPayoutsDeps) {}

  async send(order: PayoutOrder & { pspPayoutId: string }): Promise<PayoutAnswer> {
    const id = order.pspPayoutId;
    try {
      // A POST is never retried by the client; the key is a second guard should Inter see it twice.
      const answer = await this.d.client.call({ method: 'POST', path: '/banking/v2/pix', body: interSendBody(order), scopes: ['pagamento-pix.write'], headers: { 'x-id-idempotente': interIdempotencyKey(id) } });
      const code = interRequestCode(answer.body);
      if (!code) return { kind: 'unknown', reason: 'the PSP answered the send without a codigoSolicitacao' };
      await this.d.references.remember(id, code);
      // The answer has no status: Inter holds the payout, and the follow job reads its outcome.
      const end2end = interEndToEndId(answer.body);
      return { kind: 'held', record: end2end ? { status: 'PROCESSING', end2end } : { status: 'PROCESSING' } };
    } catch (e) {
      if (e instanceof PspProblemError) return interSendProblem(e.status, e.problem);
      return { kind: 'unknown', reason: (e as Error).message };
    }
  }

  async query(pspPayoutId: string): Promise<PayoutAnswer> {
    try {
      const known = await this.d.references.reference(pspPayoutId);
      if (known) {
        const answer = await this.read(known, 'the query');
        // Inter no longer knows a code it gave: only the statement can say it holds nothing.
        if (answer.kind !== 'absent') return answer;
      }
      const listing = await this.list(pspPayoutId);
      if (listing.kind !== 'listed') return listing;
      if (listing.codigoSolicitacao === known) return { kind: 'unknown', reason: `the statement lists ${known} but the PSP does not find it` };
      await this.d.references.remember(pspPayoutId, listing.codigoSolicitacao);
      return this.read(listing.codigoSolicitacao, 'the query');
    } catch (e) {
      return { kind: 'unknown', reason: (e as Error).message };
    }
  }

  /** Inter's record under its code; `absent` on 404. */
  private read(code: string, what: string): Promise<PayoutAnswer> {
    return readInterPayout(this.d.client, code, what);
  }

  /** The platform's balance (`GET /banking/v2/saldo`, scope `extrato.read`): what is available now. */
  async balance(): Promise<FloatReading> {
    try {
      const answer = await this.d.client.call({ method: 'GET', path: '/banking/v2/saldo', scopes: ['extrato.read'] });
      const cents = interBalanceCents(answer.body);
      return cents === null ? { kind: 'unknown', reason: 'the PSP answered the balance with a body that is not one' } : { kind: 'read', cents };
    } catch (e) {
      if (e instanceof PspProblemError) return { kind: 'unknown', reason: `the PSP answered the balance ${e.status}` };
      return { kind: 'unknown', reason: (e as Error).message };
    }
  }

  /** The payout's Pix debit in the enriched statement, from the day its last send began to today. */
  private async list(pspPayoutId: string): Promise<Listing> {
    const sentAt = await this.d.references.lastSendAt(pspPayoutId);
    if (!sentAt) return { kind: 'unknown', reason: 'no send of this payout was recorded' };
    const now = this.d.now();
    // From a minute before the send (clocks differ), in Brasília's civil days.
    const query = { dataInicio: brasiliaDate(new Date(sentAt.getTime() - 60_000)), dataFim: brasiliaDate(now), tipoOperacao: 'D', tipoTransacao: 'PIX', tamanhoPagina: String(this.d.pageSize ?? 1_000) };
    for (let page = 0, pages = 1; page < pages; page++) {
      if (page >= MAX_PAGES) return { kind: 'unknown', reason: `the statement has more than ${MAX_PAGES} pages` };
      const answer = await this.d.client.call({ method: 'GET', path: '/banking/v2/extrato/completo', query: { ...query, pagina: String(page) }, scopes: ['extrato.read'] });
      const read = interStatementPage(answer.body, pspPayoutId);
      if (!read) return { kind: 'unknown', reason: 'the PSP answered the statement with a body that is not a page' };
      if (read.match) {
        return read.match.codigoSolicitacao ? { kind: 'listed', codigoSolicitacao: read.match.codigoSolicitacao } : { kind: 'unknown', reason: 'the statement lists the payout without its codigoSolicitacao' };
      }
      pages = read.totalPages;
    }
    if (now.getTime() - sentAt.getTime() < this.d.listingGraceMs) return { kind: 'unknown', reason: 'the payout is not in the statement yet' };
    return { kind: 'absent' };
  }
}

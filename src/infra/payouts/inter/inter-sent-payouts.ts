import type { PspSentPayout } from '../../../domain/reconciliation/payout-reconciliation';
import type { SentPayoutList, SentPayoutPage } from '../../../domain/reconciliation/payout-reconciliation.service';
import type { TimeWindow } from '../../../domain/reconciliation/reconcile-window';
import type { ApiPixClient } from '../../apipix/apipix-client';
import { interStatementDebits, type InterStatementDebit } from './inter-account-transformers';
import { fetchInterPayout } from './inter-payout-read';
import { brasiliaDate, interPayoutRecord } from './inter-payout-transformers';

/** Statement rows asked per page. */
const PAGE_SIZE = 1_000;
/** Payouts read back at once while a page is reconciled. */
const READS_AT_ONCE = 8;

/**
 * Inter's payouts of a day for the reconciliation. Inter has no list of Pix payments: the
 * enriched statement (`GET /banking/v2/extrato/completo`, scope `extrato.read`) lists the
 * day's Pix debits, each with its `codigoSolicitacao`, amount and description (which our
 * identifier leads), and each one's status is read back by its code (`GET
 * /banking/v2/pix/{codigoSolicitacao}`). A debit without a payment code (not a payment
 * request) is left out; one whose record cannot be read is counted unreadable. Throws when
 * Inter cannot answer: the report is not made on a partial listing.
 */
export class InterSentPayouts implements SentPayoutList {
  constructor(private readonly d: { client: Pick<ApiPixClient, 'call'>; pageSize?: number }) {}

  async sentPage(window: TimeWindow, index: number): Promise<SentPayoutPage> {
    const query = {
      dataInicio: brasiliaDate(window.from),
      dataFim: brasiliaDate(new Date(window.to.getTime() - 1)),
      tipoOperacao: 'D',
      tipoTransacao: 'PIX',
      pagina: String(index),
      tamanhoPagina: String(this.d.pageSize ?? PAGE_SIZE),
    };
    const { body } = await this.d.client.call({ method: 'GET', path: '/banking/v2/extrato/completo', query, scopes: ['extrato.read'] });
    const page = interStatementDebits(body);
    if (!page) throw new Error('the PSP answered the statement with a body that is not a page');
    const payments = page.debits.filter((debit): debit is InterStatementDebit & { codigoSolicitacao: string } => debit.codigoSolicitacao !== null);
    const listed = await inTurns(payments, READS_AT_ONCE, (debit) => this.payout(debit));
    const payouts = listed.filter((p): p is PspSentPayout => p !== null);
    return { payouts, unreadable: listed.length - payouts.length, last: index + 1 >= page.totalPages };
  }

  /** One debit as a payout with its status at Inter, or null when it cannot be read. */
  private async payout(debit: InterStatementDebit & { codigoSolicitacao: string }): Promise<PspSentPayout | null> {
    if (debit.cents === null) return null;
    const answer = await fetchInterPayout(this.d.client, debit.codigoSolicitacao);
    const record = answer === 'absent' ? null : interPayoutRecord(answer.body, debit.codigoSolicitacao);
    if (!record) return null;
    return { pspPayoutId: debit.named ?? debit.codigoSolicitacao, endToEndId: record.end2end ?? debit.endToEndId, cents: debit.cents, status: record.status };
  }
}

/** `work` on every item, at most `atOnce` at a time, answers in the items' order. */
async function inTurns<T, R>(items: readonly T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}

import type { PspCob, PspCobs, ReceivedPixList, ReceivedPixPage } from '../../domain/reconciliation/reconciliation.ports';
import type { TimeWindow } from '../../domain/reconciliation/reconcile-window';
import type { CobPayments } from '../../domain/transactions/expiry-confirmation';
import type { PspChargeKind } from '../../domain/transactions/psp-charge-kind';
import type { PspPix } from '../../domain/transactions/psp-pix';
import type { Logger } from '../log/logger';
import type { ApiPixClient } from './apipix-client';
import { PspProblemError } from './apipix-errors';
import { receivedPix } from './received-pix';

/** The most a page of an API Pix list may hold (`paginacao.itensPorPagina`). */
export const LIST_PAGE_SIZE = 1_000;

interface ListAnswer {
  parametros?: { paginacao?: { paginaAtual?: number; quantidadeDePaginas?: number } };
  pix?: unknown[];
  cobs?: unknown[];
}

export const windowQuery = (w: TimeWindow, index: number) => ({
  inicio: w.from.toISOString(),
  fim: w.to.toISOString(),
  'paginacao.paginaAtual': String(index),
  'paginacao.itensPorPagina': String(LIST_PAGE_SIZE),
});

/** The last page: the one the PSP says is last, or a short one. */
export function isLast(answer: ListAnswer, index: number, items: number): boolean {
  const pages = answer.parametros?.paginacao?.quantidadeDePaginas;
  return typeof pages === 'number' ? index + 1 >= pages : items < LIST_PAGE_SIZE;
}

/**
 * What the reconciliation reads from the PSP and the one change it makes: the received Pix
 * (`GET /pix?inicio&fim`), the cobs and cobvs (`GET /cob?inicio&fim`, `GET /cob/{txid}`,
 * the same under `/cobv`) and the removal of an orphan (`PATCH /cob/{txid}`, `PATCH /cobv/{txid}`).
 */
export class ApiPixReconciliationReads implements ReceivedPixList, PspCobs, CobPayments {
  constructor(private readonly d: { client: Pick<ApiPixClient, 'call'>; logger: Logger }) {}

  async pixPage(window: TimeWindow, index: number): Promise<ReceivedPixPage> {
    const { body } = await this.d.client.call<ListAnswer>({ method: 'GET', path: '/pix', query: windowQuery(window, index), scopes: ['pix.read'] });
    const listed = Array.isArray(body?.pix) ? body.pix : [];
    const pix = listed.map(receivedPix).filter((p): p is PspPix => p !== null);
    if (pix.length < listed.length) this.d.logger.warn({ page: index, unreadable: listed.length - pix.length }, 'the PSP listed Pix PixPay cannot read; they are left out of the reconciliation');
    return { pix, last: isLast(body ?? {}, index, listed.length) };
  }

  async cobPage(kind: PspChargeKind, window: TimeWindow, index: number): Promise<{ cobs: PspCob[]; last: boolean }> {
    const { body } = await this.d.client.call<ListAnswer>({ method: 'GET', path: `/${kind}`, query: windowQuery(window, index), scopes: [`${kind}.read`] });
    const listed = Array.isArray(body?.cobs) ? body.cobs : [];
    return { cobs: listed.map(cobOf).filter((c): c is PspCob => c !== null), last: isLast(body ?? {}, index, listed.length) };
  }

  async remove(kind: PspChargeKind, txid: string): Promise<void> {
    try {
      await this.d.client.call({ method: 'PATCH', path: `/${kind}/${txid}`, body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }, scopes: [`${kind}.write`] });
    } catch (e) {
      // Paid or expired meanwhile: no longer ATIVA, nothing to remove.
      if (e instanceof PspProblemError && e.status < 500) this.d.logger.warn({ txid, kind, status: e.status }, 'the PSP refused to remove an orphan cob');
      else throw e;
    }
  }

  async paidPix(txid: string, kind: PspChargeKind): Promise<PspPix[]> {
    try {
      const { body } = await this.d.client.call<{ status?: string; pix?: unknown[] }>({ method: 'GET', path: `/${kind}/${txid}`, scopes: [`${kind}.read`] });
      return Array.isArray(body?.pix) ? body.pix.map(receivedPix).filter((p): p is PspPix => p !== null) : [];
    } catch (e) {
      if (e instanceof PspProblemError && e.status === 404) return [];
      throw e;
    }
  }
}

function cobOf(c: unknown): PspCob | null {
  if (c === null || typeof c !== 'object') return null;
  const cob = c as { txid?: unknown; status?: unknown; calendario?: { criacao?: unknown } };
  const createdAt = typeof cob.calendario?.criacao === 'string' ? new Date(cob.calendario.criacao) : null;
  if (typeof cob.txid !== 'string' || typeof cob.status !== 'string' || !createdAt || Number.isNaN(createdAt.getTime())) return null;
  return { txid: cob.txid, status: cob.status, createdAt };
}

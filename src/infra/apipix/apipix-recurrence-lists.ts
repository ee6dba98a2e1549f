import type { TimeWindow } from '../../domain/reconciliation/reconcile-window';
import type { InstitutionCycleCharge, InstitutionRecurrence } from '../../domain/recurrences/recurrence-institution';
import type { RecurrenceLists } from '../../domain/recurrences/recurrence-reconciliation';
import type { Logger } from '../log/logger';
import type { ApiPixClient } from './apipix-client';
import { isLast, windowQuery } from './apipix-reconciliation-reads';
import { cobrOf, recOf } from './rec-transformers';

interface ListAnswer {
  parametros?: { paginacao?: { paginaAtual?: number; quantidadeDePaginas?: number } };
  recs?: unknown[];
  cobsr?: unknown[];
}

/** `GET /rec?inicio&fim` and `GET /cobr?inicio&fim`, page by page, in our words. */
export class ApiPixRecurrenceLists implements RecurrenceLists {
  constructor(private readonly d: { client: Pick<ApiPixClient, 'call'>; logger: Logger }) {}

  async recPage(window: TimeWindow, index: number): Promise<{ items: InstitutionRecurrence[]; last: boolean }> {
    const { body } = await this.d.client.call<ListAnswer>({ method: 'GET', path: '/rec', query: windowQuery(window, index), scopes: ['rec.read'] });
    return this.page(body ?? {}, index, body?.recs, recOf, 'recurrences');
  }

  async cobrPage(window: TimeWindow, index: number): Promise<{ items: InstitutionCycleCharge[]; last: boolean }> {
    const { body } = await this.d.client.call<ListAnswer>({ method: 'GET', path: '/cobr', query: windowQuery(window, index), scopes: ['cobr.read'] });
    return this.page(body ?? {}, index, body?.cobsr, cobrOf, 'recurring charges');
  }

  private page<T>(answer: ListAnswer, index: number, listed: unknown, read: (x: unknown) => T | null, what: string): { items: T[]; last: boolean } {
    const all = Array.isArray(listed) ? listed : [];
    const items = all.map(read).filter((x): x is T => x !== null);
    if (items.length < all.length) this.d.logger.warn({ page: index, unreadable: all.length - items.length }, `the PSP listed ${what} PixPay cannot read; they are left out of the reconciliation`);
    return { items, last: isLast(answer, index, all.length) };
  }
}

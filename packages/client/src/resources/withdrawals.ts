import { newIdempotencyKey } from '../http/idempotency-key.js';
import type { CallOptions, Transport } from '../http/transport.js';
import { offsetPaged } from '../pagination.js';
import type { JsonBodyOf, QueryOf } from '../types.js';
import type { CreateOptions } from './options.js';

type ListQuery = Omit<QueryOf<'listWithdrawals'>, 'take' | 'skip' | 'csv'>;

/** Payouts to PIX keys: `/api/v1/cobranca/withdrawals`. */
export class Withdrawals {
  constructor(private readonly t: Transport) {}

  /**
   * Pays out (201, status `PENDING`). When the key's owner has 2FA on, pass the current
   * code of their authenticator as `totpCode` (sent as `X-2FA-Code`), or the call fails
   * with `MfaRequiredError`.
   */
  async create(body: JsonBodyOf<'createWithdrawal'>, options: CreateOptions & { totpCode?: string } = {}) {
    const key = options.idempotencyKey ?? newIdempotencyKey();
    const header = { 'Idempotency-Key': key, ...(options.totpCode ? { 'X-2FA-Code': options.totpCode } : {}) };
    const answer = await this.t.send((init) => this.t.api.POST('/api/v1/cobranca/withdrawals', { ...init, params: { header }, body }), options);
    return answer.data;
  }

  async get(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/api/v1/cobranca/withdrawals/{id}', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  /** One page: `{data, count, take, skip}`. */
  async list(query: Omit<QueryOf<'listWithdrawals'>, 'csv'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/api/v1/cobranca/withdrawals', { ...init, params: { query: { ...query, csv: false } } }), options);
    // csv=false: the JSON answer, not the CSV file the operation also documents.
    return (answer as Exclude<typeof answer, string>).data;
  }

  /** Every withdrawal matching the filter, newest first, page after page. */
  listAll(query: ListQuery = {}, options: CallOptions & { pageSize?: number } = {}) {
    return offsetPaged(async (skip, take) => {
      const page = await this.list({ ...query, skip, take }, options);
      return { items: page.data, total: page.count };
    }, options.pageSize);
  }

  /** Every withdrawal matching the filter as one CSV file (the list's `csv=true`). */
  async csv(query: ListQuery = {}, options: CallOptions = {}): Promise<string> {
    return this.t.send(
      (init) => this.t.api.GET('/api/v1/cobranca/withdrawals', { ...init, params: { query: { ...query, csv: true } }, parseAs: 'text' }),
      options,
    );
  }
}

import { newIdempotencyKey } from '../http/idempotency-key.js';
import type { CallOptions, Transport } from '../http/transport.js';
import { offsetPaged } from '../pagination.js';
import type { JsonBodyOf, QueryOf } from '../types.js';
import type { CreateOptions } from './options.js';

type ListQuery = Omit<QueryOf<'listTransactions'>, 'limit' | 'offset'>;

/** PIX charges (and the sandbox's boletos and cards): `/api/v1/cobranca/transactions`. */
export class Transactions {
  constructor(private readonly t: Transport) {}

  /** Creates a charge (201); the answer carries `pix.copyPaste` and `pix.qrCode`. */
  async create(body: JsonBodyOf<'createTransaction'>, options: CreateOptions = {}) {
    const key = options.idempotencyKey ?? newIdempotencyKey();
    const answer = await this.t.send(
      (init) => this.t.api.POST('/api/v1/cobranca/transactions', { ...init, params: { header: { 'Idempotency-Key': key } }, body }),
      options,
    );
    return answer.data;
  }

  async get(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/api/v1/cobranca/transactions/{id}', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  /** One page: `{items, total, limit, offset}`. */
  async list(query: QueryOf<'listTransactions'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/api/v1/cobranca/transactions', { ...init, params: { query } }), options);
    return answer.data;
  }

  /** Every charge matching the filter, newest first, page after page. */
  listAll(query: ListQuery = {}, options: CallOptions & { pageSize?: number } = {}) {
    return offsetPaged(async (offset, limit) => this.list({ ...query, offset, limit }, options), options.pageSize);
  }

  /** Refunds a paid charge, whole or in part (`{amount?}`). */
  async refund(id: string, body: JsonBodyOf<'refundTransaction'> = {}, options: CreateOptions = {}) {
    const key = options.idempotencyKey ?? newIdempotencyKey();
    const answer = await this.t.send(
      (init) => this.t.api.POST('/api/v1/cobranca/transactions/{id}/refund', { ...init, params: { header: { 'Idempotency-Key': key }, path: { id } }, body }),
      options,
    );
    return answer.data;
  }

  /** The charge's refunds, oldest first, each with where its devolução stands at the institution. */
  async refunds(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/api/v1/cobranca/transactions/{id}/refunds', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }
}

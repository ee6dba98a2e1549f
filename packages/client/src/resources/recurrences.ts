import { newIdempotencyKey } from '../http/idempotency-key.js';
import type { CallOptions, Transport } from '../http/transport.js';
import { offsetPaged } from '../pagination.js';
import type { JsonBodyOf, QueryOf } from '../types.js';
import type { CreateOptions } from './options.js';

/** PIX Automático: recurrences a payer authorises once (`/api/v1/cobranca/recurrences`). */
export class Recurrences {
  constructor(private readonly t: Transport) {}

  /** Opens a recurrence (201); `authorisation` says what to show the payer or where the push request stands. */
  async create(body: JsonBodyOf<'createRecurrence'>, options: CreateOptions = {}) {
    const key = options.idempotencyKey ?? newIdempotencyKey();
    const answer = await this.t.send(
      (init) => this.t.api.POST('/api/v1/cobranca/recurrences', { ...init, params: { header: { 'Idempotency-Key': key } }, body }),
      options,
    );
    return answer.data;
  }

  async get(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/api/v1/cobranca/recurrences/{id}', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  /** One page: `{items, total, take, skip}`. */
  async list(query: QueryOf<'listRecurrences'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/api/v1/cobranca/recurrences', { ...init, params: { query } }), options);
    return answer.data;
  }

  /** Every recurrence matching the filter, page after page. */
  listAll(query: Omit<QueryOf<'listRecurrences'>, 'take' | 'skip'> = {}, options: CallOptions & { pageSize?: number } = {}) {
    return offsetPaged(async (skip, take) => this.list({ ...query, skip, take }, options), options.pageSize);
  }

  /** The seller ends the recurrence (`{reason?}`): future cycles stop. */
  async cancel(id: string, body: JsonBodyOf<'cancelRecurrence'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/api/v1/cobranca/recurrences/{id}/cancel', { ...init, params: { path: { id } }, body }), options);
    return answer.data;
  }

  /** The recurrence's cycles by number (`{items}`), each with its charge and attempts. */
  async cycles(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/api/v1/cobranca/recurrences/{id}/cycles', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  /** VARIABLE recurrences: the amount of the next cycle (`{amount}` in cents, at least the minimum). */
  async setNextCycleAmount(id: string, body: JsonBodyOf<'setRecurrenceNextCycleAmount'>, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/api/v1/cobranca/recurrences/{id}/next-cycle-amount', { ...init, params: { path: { id } }, body }), options);
    return answer.data;
  }
}

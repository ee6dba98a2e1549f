import type { CallOptions, Transport } from '../http/transport.js';
import { cursorPaged } from '../pagination.js';
import type { QueryOf } from '../types.js';

/** The seller's wallet: balances per method and recent movements (`/seller-wallet/gestao`). */
export class WalletResource {
  constructor(private readonly t: Transport) {}

  async get(options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/seller-wallet/gestao', init), options);
    return answer.data;
  }
}

/** Available, blocked and total (`/balance-statement`). */
export class BalanceResource {
  constructor(private readonly t: Transport) {}

  async get(options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/balance-statement', init), options);
    return answer.data;
  }
}

/** The statement and its summary (`/balance-statement/statements`, `/balance-statement/summary`). */
export class Statement {
  constructor(private readonly t: Transport) {}

  /** One page: `{data, count}`, newest first. */
  async list(query: QueryOf<'listStatement'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/balance-statement/statements', { ...init, params: { query } }), options);
    return { data: answer.data, count: answer.count };
  }

  /** Every entry matching the filter, newest first, by cursor (rows written meanwhile never shift the pages). */
  listAll(query: Omit<QueryOf<'listStatement'>, 'take' | 'skip' | 'cursor'> = {}, options: CallOptions & { pageSize?: number } = {}) {
    return cursorPaged(async (cursor, take) => (await this.list({ ...query, take, ...(cursor ? { cursor } : {}) }, options)).data, options.pageSize);
  }

  async summary(query: QueryOf<'getStatementSummary'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/balance-statement/summary', { ...init, params: { query } }), options);
    return answer.data;
  }
}

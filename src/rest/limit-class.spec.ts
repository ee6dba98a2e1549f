import { describe, expect, it } from 'vitest';
import { restLimitClass } from './limit-class';

describe('restLimitClass', () => {
  it.each([
    ['POST', '/api/v1/cobranca/transactions', {}, 'creates', 1],
    ['POST', '/api/v1/cobranca/transactions/tx_1/refund', {}, 'creates', 1],
    ['POST', '/api/v1/cobranca/withdrawals', {}, 'creates', 1],
    ['GET', '/api/v1/cobranca/transactions/tx_1', {}, 'reads', 1],
    ['GET', '/balance-statement', {}, 'reads', 1],
    ['GET', '/api/v1/cobranca/transactions', {}, 'lists', 1],
    ['GET', '/api/v1/cobranca/transactions/', {}, 'lists', 1],
    ['GET', '/balance-statement/statements', {}, 'lists', 1],
    ['GET', '/api/v1/cobranca/withdrawals', { csv: 'true' }, 'lists', 10],
    ['GET', '/v1/webhooks', {}, 'webhooks', 1],
    ['DELETE', '/v1/webhooks/wh_1', {}, 'webhooks', 1],
  ])('%s %s %o -> %s (%i)', (method, path, query, limitClass, cost) => {
    expect(restLimitClass(method, path, query)).toEqual({ limitClass, cost });
  });
});

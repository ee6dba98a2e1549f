import { describe, expect, it } from 'vitest';
import {
  IdempotencyInFlightError,
  PixPay,
  PixPayConnectionError,
  RateLimitedError,
  ServerError,
  ServiceUnavailableError,
  type FetchLike,
} from '../src/index.js';
import { recordingSleep } from './support/service';

/** A fetch that answers from a script, one answer per attempt, and keeps what it was sent. */
function scripted(answers: (() => Response)[]) {
  const sent: Request[] = [];
  const fetch: FetchLike = async (request) => {
    sent.push(request);
    const next = answers.shift();
    if (!next) throw new Error('no more scripted answers');
    return next();
  };
  return { fetch, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const overloaded = (retryAfter?: string) =>
  json(503, { status: false, erro: 'OVERLOADED', mensagem: 'the service is overloaded', requestId: 'r1', timestamp: '', path: '/balance-statement' }, retryAfter ? { 'retry-after': retryAfter } : {});
const balance = json(200, { status: true, data: { available: 1, blocked: 0, total: 1, debt: 0, currency: 'BRL' } });

describe('retries under every call (stubbed answers)', () => {
  it('503: waits what Retry-After says, then answers the retry', async () => {
    const { fetch, sent } = scripted([overloaded('1'), balance]);
    const slept = recordingSleep();
    const pixpay = new PixPay({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_test_x', fetch, sleep: slept.sleep });
    expect(await pixpay.balance.get()).toMatchObject({ available: 1 });
    expect(slept.asked).toEqual([1000]);
    expect(sent).toHaveLength(2);
  });

  it('without Retry-After: a doubling backoff with jitter, and a bounded number of attempts', async () => {
    const { fetch, sent } = scripted([overloaded(), overloaded(), overloaded(), overloaded()]);
    const slept = recordingSleep();
    const pixpay = new PixPay({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_test_x', fetch, sleep: slept.sleep, maxRetries: 3 });
    const error = await pixpay.balance.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ code: 'OVERLOADED', statusCode: 503, format: 'standard', requestId: 'r1' });
    expect(sent).toHaveLength(4);
    const [first, second, third] = slept.asked as [number, number, number];
    expect(slept.asked).toHaveLength(3);
    expect(first).toBeGreaterThanOrEqual(250);
    expect(first).toBeLessThanOrEqual(500);
    expect(second).toBeGreaterThanOrEqual(500);
    expect(second).toBeLessThanOrEqual(1000);
    expect(third).toBeGreaterThanOrEqual(1000);
    expect(third).toBeLessThanOrEqual(2000);
  });

  it('a Retry-After past maxRetryAfterSeconds is not waited for; maxRetries 0 turns retrying off', async () => {
    const longWait = scripted([json(429, { code: 'RATE_LIMITED', message: 'retry in 600 s', correlationID: 'c1' }, { 'retry-after': '600' })]);
    const slept = recordingSleep();
    const error = await new PixPay({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_test_x', fetch: longWait.fetch, sleep: slept.sleep }).transactions.get('tx_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 600, format: 'cobranca', requestId: 'c1' });
    expect(slept.asked).toEqual([]);

    const once = scripted([overloaded('1')]);
    await expect(new PixPay({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_test_x', fetch: once.fetch, maxRetries: 0 }).balance.get()).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('a create keeps its Idempotency-Key on every attempt; each call makes a new one unless given', async () => {
    const inFlight = json(409, { code: 'IDEMPOTENCY_IN_FLIGHT', message: 'still running', correlationID: 'c2', details: { retryAfterSeconds: 5 } }, { 'retry-after': '5' });
    const created = json(201, { status: true, data: { id: 'tx_1', amount: 1000 } });
    const { fetch, sent } = scripted([inFlight, created, created, created]);
    const slept = recordingSleep();
    const pixpay = new PixPay({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_test_x', fetch, sleep: slept.sleep });
    await pixpay.transactions.create({ amount: 1000 });
    await pixpay.transactions.create({ amount: 1000 });
    await pixpay.transactions.create({ amount: 1000 }, { idempotencyKey: 'order-42' });
    const keys = sent.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBe('order-42');
    expect(slept.asked).toEqual([5000]);
    expect(sent.every((r) => r.headers.get('authorization') === 'Bearer sk_test_x')).toBe(true);
  });

  it('other errors are not retried: a 500 is a ServerError, a 409 of another code a plain conflict', async () => {
    const { fetch, sent } = scripted([json(500, { status: false, erro: 'INTERNAL_ERROR', mensagem: 'internal error', requestId: 'r2', timestamp: '', path: '/x' })]);
    const error = await new PixPay({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_test_x', fetch }).balance.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ code: 'INTERNAL_ERROR', statusCode: 500 });
    expect(sent).toHaveLength(1);
    expect(error).not.toBeInstanceOf(IdempotencyInFlightError);
  });

  it('no answer at all is a PixPayConnectionError with CONNECTION_ERROR', async () => {
    // Port 9 (discard) has no listener on loopback here: the connection is refused.
    const error = await new PixPay({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_test_x' }).balance.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixPayConnectionError);
    expect(error).toMatchObject({ code: 'CONNECTION_ERROR' });
  });
});

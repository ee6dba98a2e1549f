import { afterAll, describe, expect, it, vi } from 'vitest';
import { capturedLogger, type Seller, startTestAppWithSeller, type TestApp } from '../support/app';

let app: TestApp;
let seller: Seller;
const { logger, lines } = capturedLogger('info');

startTestAppWithSeller(
  { ROLE: 'api' },
  (a, s) => {
    app = a;
    seller = s;
  },
  logger,
);
afterAll(() => {
  vi.restoreAllMocks();
});

const CAUSE = 'the disk is on fire';
const ERROR = 50;

/** The lines logged for one request, once its answer is in. */
async function linesOf(send: () => Promise<Response>): Promise<{ res: Response; requestId: string; logged: Record<string, any>[] }> {
  lines.length = 0;
  const res = await send();
  await res.text();
  const requestId = res.headers.get('x-request-id')!;
  await expect.poll(() => lines.some((l) => l.requestId === requestId && l.res)).toBe(true);
  return { res, requestId, logged: lines.filter((l) => l.requestId === requestId) };
}

function expectCauseLoggedOnce(logged: Record<string, any>[]): void {
  const errors = logged.filter((l) => l.level >= ERROR);
  expect(errors).toHaveLength(1);
  expect(errors[0]!.err).toMatchObject({ message: CAUSE });
  expect(errors[0]!.err.stack).toContain(CAUSE);
  // The request line keeps its level and carries no invented error.
  const requestLine = logged.find((l) => l.res)!;
  expect(requestLine.level).toBeLessThan(ERROR);
  expect(requestLine.err).toBeUndefined();
  expect(JSON.stringify(logged)).not.toContain('failed with status code');
}

const graphql = (query: string) => () =>
  fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.apiKey}` }, body: JSON.stringify({ query }) });

describe('a 5xx logs its cause once, at error, with the request id', () => {
  it('REST', async () => {
    const spy = vi.spyOn(app.services.transactions, 'get').mockRejectedValue(new Error(CAUSE));
    const { res, logged } = await linesOf(() => fetch(`${app.url}/api/v1/cobranca/transactions/tx_1`, { headers: { 'x-api-key': seller.apiKey } }));
    spy.mockRestore();
    expect(res.status).toBe(500);
    expectCauseLoggedOnce(logged);
  });

  it('GraphQL, a resolver that fails', async () => {
    const spy = vi.spyOn(app.services.transactions, 'get').mockRejectedValue(new Error(CAUSE));
    const { res, logged } = await linesOf(graphql('{ transaction(id: "tx_1") { id } }'));
    spy.mockRestore();
    expect(res.status).toBe(200);
    expectCauseLoggedOnce(logged);
  });

  it('GraphQL, a failure before execution (HTTP 500)', async () => {
    const spy = vi.spyOn(app.services.rateLimits, 'forSeller').mockRejectedValue(new Error(CAUSE));
    const { res, logged } = await linesOf(graphql('{ balance { available } }'));
    spy.mockRestore();
    expect(res.status).toBe(500);
    expectCauseLoggedOnce(logged);
  });
});

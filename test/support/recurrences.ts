import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { startTestAppWithSeller, type Seller, type TestApp } from './app';
import { drainJobs, sqlOf } from './platform';
import { rest } from './rest';

export const RECURRENCES = '/api/v1/cobranca/recurrences';

/** Creates a fixed monthly recurrence awaiting the payer (retries allowed, a QR), `over` replacing any field; answers its id. */
export async function createRecurrence(app: { url: string }, apiKey: string, over: Record<string, unknown>): Promise<string> {
  const body = {
    contract: { object: 'Gym membership', number: `C-${randomUUID().slice(0, 8)}`, payer: { name: 'Maria Souza', document: '52998224725' } },
    amountType: 'FIXED',
    retryPolicy: 'THREE_IN_SEVEN_DAYS',
    ...over,
  };
  const created = await rest(app, 'POST', RECURRENCES, { key: apiKey, body, idempotencyKey: randomUUID() });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
}

/**
 * A service with an onboarded seller for PIX Automático tests, and what they do with it:
 * approved recurrences (a fixed monthly amount, overridable), the sandbox payer's routes,
 * the cycles and the events of an aggregate.
 */
export function useRecurrencesApp(o: { amount: number; firstDateInDays: number }, ready: (app: TestApp, seller: Seller) => void) {
  const ctx = {} as { app: TestApp; seller: Seller };
  startTestAppWithSeller({ ROLE: 'api' }, (app, seller) => {
    Object.assign(ctx, { app, seller });
    ready(app, seller);
  });
  /** A day `offset` days after the service's clock, YYYY-MM-DD. */
  const day = (offset: number) => new Date(ctx.app.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const sandbox = (path: string, body?: unknown) => rest(ctx.app, 'POST', `/v1/sandbox/recurrences/${path}`, { key: ctx.seller.apiKey, body });
  const cyclesOf = async (id: string) => (await rest(ctx.app, 'GET', `${RECURRENCES}/${id}/cycles`, { key: ctx.seller.apiKey })).body.data.items;
  const eventsOf = async (id: string) =>
    (await sqlOf(ctx.app).query<{ event_type: string }>('select event_type from outbox where aggregate_id = ? order by id', [id])).map((e) => e.event_type);
  async function approvedRecurrence(over: Record<string, unknown> = {}): Promise<string> {
    const id = await createRecurrence(ctx.app, ctx.seller.apiKey, { calendar: { firstDate: day(o.firstDateInDays), period: 'MONTHLY' }, amount: o.amount, ...over });
    expect((await rest(ctx.app, 'POST', `/v1/sandbox/recurrences/${id}/approve`, { key: ctx.seller.apiKey })).status).toBe(200);
    await drainJobs(ctx.app);
    return id;
  }
  return { day, sandbox, cyclesOf, eventsOf, approvedRecurrence };
}

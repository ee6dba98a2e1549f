import { randomUUID } from 'node:crypto';
import type { TestApp } from '../support/app';
import { rest } from '../support/rest';
import { drainJobs, outboxEventTypes, sqlOf } from '../support/platform';

export const TX = '/api/v1/cobranca/transactions';

let n = 0;
const reportId = (tag: string) => `${tag}-${Date.now()}-${n++}`;

/** A PIX charge of the seller, paid through the institution report path. */
export async function paidCharge(app: TestApp, apiKey: string, amount: number): Promise<string> {
  const t = (await rest(app, 'POST', TX, { key: apiKey, body: { amount }, idempotencyKey: randomUUID() })).body.data;
  await report(app, t.id, 'PAID');
  return t.id as string;
}

export const report = (app: TestApp, transactionId: string, status: string, id = reportId(status)) =>
  app.services.transactionReports.apply({ reportId: id, transactionId, status });

export async function balance(app: TestApp, apiKey: string): Promise<{ available: number; blocked: number; total: number; debt: number }> {
  return (await rest(app, 'GET', '/balance-statement', { bearer: apiKey })).body.data;
}

export async function transactionStatus(app: TestApp, apiKey: string, id: string): Promise<string> {
  return (await rest(app, 'GET', `${TX}/${id}`, { key: apiKey })).body.data.status;
}

export const eventsOf = outboxEventTypes;

export async function disputesOf(app: TestApp, transactionId: string) {
  const rows = await sqlOf(app).query<{ id: string }>('select id from disputes where transaction_id = ? order by created_at', [transactionId]);
  return Promise.all(rows.map((r) => app.services.disputeRepository.findById(r.id)));
}

export { drainJobs };

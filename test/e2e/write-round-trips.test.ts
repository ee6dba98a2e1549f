import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { databaseCalls } from '../support/database-calls';
import { rest } from '../support/rest';
import { disputesOf, paidCharge, report } from '../disputes/support';
import { fund, WD } from '../withdrawals/support';

/**
 * The database round trips of each create, as the service answers it once the API key
 * is known. The job runner's wake-up (`pg_notify` after the commit, not awaited) is not
 * counted: it may be sent after the answer, into the next request's count. Printed
 * (`npx vitest run test/e2e/write-round-trips.test.ts`; ROUND_TRIPS_VERBOSE=1 lists the
 * statements) so the figures can be reproduced, and held to CEILINGS.
 */
let app: TestApp;
let seller: Seller;

startTestAppWithSeller({ ROLE: 'api' }, async (started, onboarded) => {
  [app, seller] = [started, onboarded];
  await fund(app, seller.sellerId, 1_000_000);
});

const TX = '/api/v1/cobranca/transactions';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);

const charge = (body: unknown, key = randomUUID()) => rest(app, 'POST', TX, { key: seller.apiKey, idempotencyKey: key, body });
const refund = (id: string, key = randomUUID()) => rest(app, 'POST', `${TX}/${id}/refund`, { key: seller.apiKey, idempotencyKey: key, body: { amount: 100 } });
const withdraw = (key = randomUUID()) =>
  rest(app, 'POST', WD, { key: seller.apiKey, idempotencyKey: key, body: { amount: 1_000, method: 'PIX', pixKeyType: 'CPF', pixKey: '529.982.247-25' } });

async function appeal(disputeId: string, key = randomUUID()) {
  const form = new FormData();
  form.append('disputeId', disputeId);
  form.append('appealReason', 'receipt attached');
  form.append('files', new Blob([PDF], { type: 'application/pdf' }), 'receipt.pdf');
  const res = await fetch(`${app.url}/v1/disputes/appeal`, { method: 'POST', headers: { 'x-api-key': seller.apiKey, 'idempotency-key': key }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function openDispute(): Promise<string> {
  const id = await paidCharge(app, seller.apiKey, 2_000);
  await report(app, id, 'DISPUTE');
  return (await disputesOf(app, id))[0]!.id;
}

/** Round trips of one request that must answer `status`. */
async function roundTrips(request: () => Promise<{ status: number }>, status: number): Promise<string[]> {
  let answered = 0;
  const calls = await databaseCalls(app.databaseUrl, async () => {
    answered = (await request()).status;
  });
  expect(answered).toBe(status);
  const counted = calls.filter((c) => !/pg_notify/.test(c)).map((c) => c.replace(/\s+/g, ' ').slice(0, 140));
  if (process.env.ROUND_TRIPS_VERBOSE) console.log(counted.join('\n'));
  return counted;
}

/** What each request costs today: a change that adds a round trip fails here (one that saves one lowers the figure). */
const CEILINGS = {
  'charge (PIX)': 1,
  'charge (BOLETO)': 2,
  'charge refused (400)': 1,
  'charge replayed': 3,
  refund: 5,
  withdrawal: 3,
  'dispute appeal': 7,
};
type Measured = keyof typeof CEILINGS;
const figures: Partial<Record<Measured, number>> = {};

async function measure(name: Measured, request: () => Promise<{ status: number }>, status: number): Promise<void> {
  const calls = await roundTrips(request, status);
  figures[name] = calls.length;
  expect(figures[name], `${name}:\n${calls.join('\n')}`).toBeLessThanOrEqual(CEILINGS[name]);
}

describe('database round trips of the creates', () => {
  it('PIX charge', async () => {
    await charge({ amount: 1_000 }); // resolves and caches the API key
    await measure('charge (PIX)', () => charge({ amount: 1_000 }), 201);
  });

  it('boleto charge (sandbox)', async () => {
    await measure('charge (BOLETO)', () => charge({ amount: 1_000, paymentMethod: 'BOLETO', customer: { name: 'Ana Souza', document: '529.982.247-25' } }), 201);
  });

  it('refused charge (invalid body)', async () => {
    await measure('charge refused (400)', () => charge({ amount: -5 }), 400);
  });

  it('replayed charge', async () => {
    const key = randomUUID();
    await charge({ amount: 1_234 }, key);
    await measure('charge replayed', () => charge({ amount: 1_234 }, key), 201);
  });

  it('refund', async () => {
    const id = await paidCharge(app, seller.apiKey, 5_000);
    await refund(id);
    await measure('refund', () => refund(id), 200);
  });

  it('withdrawal', async () => {
    await withdraw();
    await measure('withdrawal', () => withdraw(), 201);
  });

  it('dispute appeal', async () => {
    await appeal(await openDispute());
    const disputeId = await openDispute();
    await measure('dispute appeal', () => appeal(disputeId), 200);
  });

  it('prints the figures', () => {
    console.log(`database round trips per create:\n${Object.entries(figures).map(([k, v]) => `  ${k}: ${v}`).join('\n')}`);
    expect(Object.keys(figures).sort()).toEqual(Object.keys(CEILINGS).sort());
  });
});

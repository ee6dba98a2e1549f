import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { available, createWithdrawal, fund, ledgerEntries, outboxEvents, WD } from './support';
import { sqlOf } from '../support/platform';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
});
afterAll(async () => {
  await app?.close();
});

const body = (amount = 1_000) => ({ amount, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'recebedor@example.com' });

/** The seller's available PIX balance as the sum of its postings: must equal the wallet row. */
async function postedBalance(sellerId: string): Promise<number> {
  const [row] = await sqlOf(app).query<{ total: string | null }>(`select sum(amount) as total from ledger_postings where account = ?`, [`seller:${sellerId}:available:PIX`]);
  return Number(row?.total ?? 0);
}

async function ledgerBalances(): Promise<void> {
  const [row] = await sqlOf(app).query<{ total: string | null }>(`select sum(amount) as total from ledger_postings`);
  expect(Number(row?.total ?? 0)).toBe(0);
}

describe('the debit', () => {
  it('50 concurrent withdrawals against a balance that covers 10: exactly 10 pass, never an overdraft', async () => {
    const s = await onboardSeller(app);
    // Each costs 1,000 + 100 fee; 11,500 covers 10 (11,000) and not 11 (12,100).
    await fund(app, s.sellerId, 11_500);
    const results = await Promise.all(Array.from({ length: 50 }, () => createWithdrawal(app, s.apiKey, body())));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(10);
    expect(statuses.filter((x) => x === 422)).toHaveLength(40);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.code).toBe('INSUFFICIENT_BALANCE');
    expect(await available(app, s.apiKey)).toBe(500);
    expect(await postedBalance(s.sellerId)).toBe(500);
    const list = await rest(app, 'GET', `${WD}?take=100`, { key: s.apiKey });
    expect(list.body.data.count).toBe(10);
    const [debits] = await sqlOf(app).query<{ n: string }>(`select count(*) as n from ledger_entries where seller_id = ? and kind = 'WITHDRAWAL_DEBIT'`, [s.sellerId]);
    expect(Number(debits!.n)).toBe(10);
    await ledgerBalances();
  });

  it('the statement shows the withdrawal and its fee as two DEBIT lines', async () => {
    const s = await onboardSeller(app);
    await fund(app, s.sellerId, 5_000);
    const w = (await createWithdrawal(app, s.apiKey, body(2_000))).body.data;
    const statement = await rest(app, 'GET', '/balance-statement/statements', { bearer: s.apiKey });
    const lines = statement.body.data.filter((e: { withdrawalId?: string }) => e.withdrawalId === w.id);
    expect(lines.map((l: { type: string; amount: number }) => [l.type, l.amount]).sort()).toEqual([
      ['DEBIT', 100],
      ['DEBIT', 2_000],
    ]);
  });
});

describe('refunds of failed payouts: exactly once', () => {
  it('many concurrent, duplicated and competing failure reports refund amount + fee once', async () => {
    const s = await onboardSeller(app);
    await fund(app, s.sellerId, 10_000);
    const w = (await createWithdrawal(app, s.apiKey, body(3_000))).body.data;
    expect(await available(app, s.apiKey)).toBe(6_900);

    const reports = ['FAILED', 'REJECTED', 'CANCELED', 'FAILED', 'SOMETHING_UNKNOWN'];
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.services.withdrawalReports.apply({ reportId: `dup-${w.id}-${i % 7}`, withdrawalId: w.id, status: reports[i % reports.length]!, reason: 'test' }),
      ),
    );
    expect(outcomes.filter((o) => o.applied)).toHaveLength(1);
    expect(await available(app, s.apiKey)).toBe(10_000);
    expect(await postedBalance(s.sellerId)).toBe(10_000);
    expect(await ledgerEntries(app, w.id)).toEqual(['debit', 'refund']);
    const events = (await outboxEvents(app, w.id)).map((e) => e.eventType);
    expect(events.filter((e) => e !== 'WITHDRAWAL_CREATED' && e !== 'WITHDRAWAL_APPROVED')).toHaveLength(1);
    const final = (await rest(app, 'GET', `${WD}/${w.id}`, { key: s.apiKey })).body.data;
    expect(['FAILED', 'REJECTED', 'CANCELED']).toContain(final.status);
    await ledgerBalances();
  });

  it('concurrent returns of a PAID withdrawal: settlement reversed and amount + fee refunded once', async () => {
    const s = await onboardSeller(app);
    await fund(app, s.sellerId, 10_000);
    const w = (await createWithdrawal(app, s.apiKey, body(4_000))).body.data;
    await app.services.withdrawalReports.apply({ reportId: `paid-${w.id}`, withdrawalId: w.id, status: 'PAID', end2end: 'E00000000202601011200abcdefghijk' });
    expect(await ledgerEntries(app, w.id)).toEqual(['debit', 'settle']);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => app.services.withdrawalReports.apply({ reportId: `ret-${w.id}-${i}`, withdrawalId: w.id, status: 'REFUNDED' })),
    );
    expect(outcomes.filter((o) => o.applied)).toHaveLength(1);
    expect(await available(app, s.apiKey)).toBe(10_000);
    expect(await ledgerEntries(app, w.id)).toEqual(['debit', 'settle', 'settle-return', 'refund']);
    // Platform payouts account nets to zero for this withdrawal.
    const [payouts] = await sqlOf(app).query<{ total: string }>(
      `select sum(p.amount) as total from ledger_postings p join ledger_entries e on e.id = p.entry_id where e.withdrawal_id = ? and p.account = 'platform:payouts'`,
      [w.id],
    );
    expect(Number(payouts!.total)).toBe(0);
    await ledgerBalances();
  });

  it('a PAID withdrawal is never refunded by a late failure report', async () => {
    const s = await onboardSeller(app);
    await fund(app, s.sellerId, 10_000);
    const w = (await createWithdrawal(app, s.apiKey, body(1_000))).body.data;
    await app.services.withdrawalReports.apply({ reportId: `paid-${w.id}`, withdrawalId: w.id, status: 'PAID', end2end: 'E00000000202601011200abcdefghijk' });
    const late = await app.services.withdrawalReports.apply({ reportId: `late-${w.id}`, withdrawalId: w.id, status: 'FAILED' });
    expect(late.applied).toBe(false);
    expect(await available(app, s.apiKey)).toBe(8_900);
    expect((await rest(app, 'GET', `${WD}/${w.id}`, { key: s.apiKey })).body.data.status).toBe('PAID');
  });

  it('a PAID report without an end-to-end id is refused (nothing changes)', async () => {
    const s = await onboardSeller(app);
    await fund(app, s.sellerId, 10_000);
    const w = (await createWithdrawal(app, s.apiKey, body(1_000))).body.data;
    await expect(app.services.withdrawalReports.apply({ reportId: `p-${w.id}`, withdrawalId: w.id, status: 'PAID' })).rejects.toMatchObject({ code: 'END2END_REQUIRED' });
    expect((await rest(app, 'GET', `${WD}/${w.id}`, { key: s.apiKey })).body.data.status).toBe('PENDING');
  });
});

import { describe, expect, it } from 'vitest';
import type { Seller } from '../accounts/accounts.types';
import { DEFAULT_FEE_PLAN } from '../accounts/accounts.types';
import { ManualClock } from '../shared/clock';
import type { LedgerRepository, StatementTotals } from './ledger.ports';
import { WalletService } from './wallet.service';

const seller: Seller = {
  id: 's1',
  name: 'Loja',
  documentType: 'CPF',
  documentNumber: '00000000000',
  kycStatus: 'APPROVED',
  feePlan: DEFAULT_FEE_PLAN,
  createdAt: new Date('2026-01-02T03:04:05Z'),
};

function setup(o: { firstDay?: string | null; totals?: StatementTotals } = {}) {
  const ranges: unknown[] = [];
  const store = {
    wallet: async () => null,
    statementPage: async (_f: unknown, afterId: string | null) => ({ entries: [], count: 0, cursorFound: afterId === null }),
    firstStatementDay: async () => o.firstDay ?? null,
    statementTotals: async (_s: string, range: unknown) => {
      ranges.push(range);
      return o.totals ?? { credits: 0, debits: 0, feesCharged: 0, feesReturned: 0 };
    },
  } as unknown as LedgerRepository;
  return { svc: new WalletService({ store, clock: new ManualClock(new Date('2026-06-15T23:59:59Z')) }), ranges };
}

describe('WalletService', () => {
  it('a seller without movements has zero balances, updated at its creation', async () => {
    const { svc } = setup();
    expect(await svc.wallet(seller)).toEqual({
      balancePix: 0,
      balanceBoleto: 0,
      balanceCard: 0,
      balanceTotal: 0,
      balanceBlocked: 0,
      balanceDebt: 0,
      currency: 'BRL',
      updatedAt: seller.createdAt,
      recentMovements: [],
    });
    expect(await svc.balance(seller)).toEqual({ available: 0, blocked: 0, total: 0, debt: 0, currency: 'BRL' });
  });

  it('summary arithmetic: netBalance = credits - debits; totalFees = fees charged - fees returned', async () => {
    const { svc } = setup({ firstDay: '2026-02-01', totals: { credits: 10_100, debits: 2_199, feesCharged: 199, feesReturned: 100 } });
    expect(await svc.summary(seller, {})).toEqual({
      totalCredits: 10_100,
      totalDebits: 2_199,
      totalFees: 99,
      netBalance: 7_901,
      period: { startDate: '2026-02-01', endDate: '2026-06-15' },
    });
  });

  it.each([
    [{}, null, { startDate: '2026-06-15', endDate: '2026-06-15' }],
    [{ startDate: '2026-01-01' }, null, { startDate: '2026-01-01', endDate: '2026-06-15' }],
    [{ startDate: '2026-07-01' }, null, { startDate: '2026-07-01', endDate: '2026-07-01' }],
    [{ endDate: '2026-03-01' }, '2026-02-01', { startDate: '2026-02-01', endDate: '2026-03-01' }],
    [{ endDate: '2026-01-15' }, '2026-02-01', { startDate: '2026-01-15', endDate: '2026-01-15' }],
  ])('summary period for %j (first entry on %s) is %j', async (raw, firstDay, period) => {
    const { svc, ranges } = setup({ firstDay });
    expect((await svc.summary(seller, raw)).period).toEqual(period);
    expect(ranges[0]).toEqual(period);
  });

  it('an unknown cursor is CURSOR_NOT_FOUND (400)', async () => {
    const { svc } = setup();
    await expect(svc.statement(seller, { cursor: '99' })).rejects.toMatchObject({ code: 'CURSOR_NOT_FOUND', kind: 'VALIDATION' });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { ON_APIPIX } from '../support/test-institution';

let app: TestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;
const TX = '/api/v1/cobranca/transactions';
// Monday 2026-11-23, 12:00 in Brasília.
const START = new Date('2026-11-23T15:00:00.000Z');
/** Due Friday 2026-11-27: R$100.00, a 3% fine and 1% a day after it. */
const BILL = {
  amount: 10_000,
  dueDate: '2026-11-27',
  validityAfterDueDays: 3,
  customer: { name: 'Maria Souza', document: '529.982.247-25' },
  fine: { modality: 'PERCENT', value: 300 },
  interest: { modality: 'PERCENT_PER_DAY_CALENDAR_DAYS', value: 100 },
};
const PAID_LATE = { original: 10_000, fine: 300, interest: 200, abatement: 0, discount: 0 };

beforeAll(async () => {
  const { ManualClock } = await import('../../src/domain/shared/clock');
  app = await startTestApp({ ROLE: 'api' }, new ManualClock(START));
  seller = await onboardSeller(app);
});
afterAll(async () => {
  await app?.close();
});

const create = (body: Record<string, unknown>) => rest(app, 'POST', TX, { key: seller.apiKey, body, idempotencyKey: randomUUID() });
const pay = (id: string, body: Record<string, unknown> = {}) => rest(app, 'POST', `/v1/sandbox/transactions/${id}/pay`, { key: seller.apiKey, body });

interface Line {
  type: string;
  amount: number;
  transactionId?: string | null;
  amountComponents?: Record<string, number> | null;
}

// On API Pix a due-date charge is a cobv at the PSP, which the PSP simulator does not serve yet.
describe.skipIf(ON_APIPIX)("a due-date charge's statement line", () => {
  let dueDateId: string;
  let immediateId: string;

  beforeAll(async () => {
    dueDateId = (await create(BILL)).body.data.id;
    expect((await pay(dueDateId, { paymentDate: '2026-11-29' })).body.data).toMatchObject({ status: 'PAID', amount: 10_500 });
    immediateId = (await create({ amount: 2_000 })).body.data.id;
    expect((await pay(immediateId)).body.data.status).toBe('PAID');
    const refund = await rest(app, 'POST', `${TX}/${dueDateId}/refund`, { key: seller.apiKey, body: { amount: 1_000 }, idempotencyKey: randomUUID() });
    expect(refund.status).toBeLessThan(300);
  });

  /** The lines of one transaction, one of each kind: the payment's credit, its fee, its refund. */
  const linesOf = (lines: Line[], id: string) => lines.filter((l) => l.transactionId === id);

  it('shows, on the credit of the payment only, the amount paid and its components (REST)', async () => {
    const res = await rest(app, 'GET', '/balance-statement/statements?take=100', { bearer: seller.apiKey });
    expect(res.status).toBe(200);
    const lines = linesOf(res.body.data as Line[], dueDateId);
    const credit = lines.filter((l) => l.type === 'CREDIT');
    expect(credit).toEqual([expect.objectContaining({ amount: 10_500, amountComponents: PAID_LATE })]);
    const others = lines.filter((l) => l !== credit[0]);
    expect(others.length).toBeGreaterThanOrEqual(2); // the fee and the refund
    expect(others.every((l) => l.amountComponents === undefined)).toBe(true);
    expect(linesOf(res.body.data as Line[], immediateId).every((l) => l.amountComponents === undefined)).toBe(true);
  });

  it('shows the same through GraphQL, in the statement and the wallet\'s recent movements', async () => {
    const fields = 'type amount transactionId amountComponents { original fine interest abatement discount }';
    const answer = await gql(app, `{ statement(take: 100) { items { ${fields} } } wallet { recentMovements { ${fields} } } }`, {}, seller.session);
    expect(answer.errors).toBeUndefined();
    for (const lines of [answer.data!.statement.items as Line[], answer.data!.wallet.recentMovements as Line[]]) {
      const mine = linesOf(lines, dueDateId);
      expect(mine.filter((l) => l.amountComponents)).toEqual([{ type: 'CREDIT', amount: 10_500, transactionId: dueDateId, amountComponents: PAID_LATE }]);
      expect(linesOf(lines, immediateId).every((l) => l.amountComponents === null)).toBe(true);
    }
  });

  it('belongs to its seller only', async () => {
    const other = await onboardSeller(app);
    const res = await rest(app, 'GET', '/balance-statement/statements?take=100', { bearer: other.apiKey });
    expect(res.body.data).toEqual([]);
  });
});

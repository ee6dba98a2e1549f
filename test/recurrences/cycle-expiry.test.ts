import { describe, expect, it } from 'vitest';
import { addDays, startOfCivilDay } from '../../src/domain/recurrences/civil-day';
import { UNSETTLED_ATTEMPT_REASON } from '../../src/domain/recurrences/recurrence-cycles.service';
import type { Seller, TestApp } from '../support/app';
import { drainJobs, sqlOf } from '../support/platform';
import { useRecurrencesApp } from '../support/recurrences';
import { rest } from '../support/rest';

/**
 * A cycle nobody pays: each attempt whose day ends unsettled is a failed attempt, retried
 * as the recurrence's policy allows, and the cycle finally FAILED with its charge EXPIRED,
 * never left ACTIVE awaiting a payment that can no longer come; nothing is credited. The
 * real clock is moved here, so this file has its own service.
 */
const AMOUNT = 4_990;

let app: TestApp;
let seller: Seller;
const { day, sandbox, cyclesOf, eventsOf, approvedRecurrence } = useRecurrencesApp({ amount: AMOUNT, firstDateInDays: 40 }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
});

const chargeOf = async (transactionId: string) => (await rest(app, 'GET', `/api/v1/cobranca/transactions/${transactionId}`, { key: seller.apiKey })).body.data;
const cycleEventsOf = async (id: string) => (await eventsOf(id)).filter((e) => e.startsWith('RECURRENCE_CYCLE_'));
const creditsOf = async (transactionId: string) => sqlOf(app).query('select id from ledger_entries where transaction_id = ?', [transactionId]);

/** Moves the real clock to a minute after `civilDay` (a day in Brasília) begins, and runs what became due. */
async function moveTo(civilDay: string): Promise<void> {
  app.clock.set(new Date(startOfCivilDay(civilDay).getTime() + 60_000));
  await drainJobs(app);
}

describe('a PIX Automático cycle whose charge is never paid', () => {
  it('without retries: the cycle FAILS when its day ends, its charge EXPIRED once, nothing credited', async () => {
    // Its window is open: the worker makes the cycle at once, without the sandbox clock.
    const id = await approvedRecurrence({ calendar: { firstDate: day(5), period: 'MONTHLY' }, retryPolicy: 'NONE' });
    const [made] = await cyclesOf(id);
    expect(made).toMatchObject({ number: 1, status: 'ACTIVE' });

    await moveTo(made.dueDate);
    expect((await cyclesOf(id))[0]).toMatchObject({ status: 'ACTIVE', attempts: 0 });

    await moveTo(addDays(made.dueDate, 1));
    const [ended] = await cyclesOf(id);
    expect(ended).toMatchObject({ status: 'FAILED', attempts: 1, nextAttemptOn: null });
    expect(ended.attemptHistory).toMatchObject([{ number: 1, on: made.dueDate, outcome: 'FAILED', reason: UNSETTLED_ATTEMPT_REASON }]);
    expect(await cycleEventsOf(id)).toEqual(['RECURRENCE_CYCLE_CREATED', 'RECURRENCE_CYCLE_FAILED']);
    expect((await chargeOf(made.transactionId)).status).toBe('EXPIRED');
    expect(await eventsOf(made.transactionId)).toEqual(['TRANSACTION_CREATED', 'TRANSACTION_WAITING_PAYMENT', 'TRANSACTION_EXPIRED']);
    expect(await creditsOf(made.transactionId)).toEqual([]);
    const late = await sandbox(`${id}/cycles/1/pay`);
    expect([late.status, late.body.erro]).toEqual([409, 'CYCLE_NOT_OPEN']);
  });

  it('under THREE_IN_SEVEN_DAYS: each unsettled day is a failed attempt, retried at most 3 times, then FAILED and its charge closed', async () => {
    const id = await approvedRecurrence({ calendar: { firstDate: day(5), period: 'MONTHLY' }, retryPolicy: 'THREE_IN_SEVEN_DAYS' });
    const [made] = await cyclesOf(id);
    const due = made.dueDate as string;
    const statuses: string[] = [];
    for (let d = 1; d <= 8; d++) {
      await moveTo(addDays(due, d));
      statuses.push((await cyclesOf(id))[0].status);
    }
    const [ended] = await cyclesOf(id);
    // A retry is on a later day than the one its failure was known on: the day after the unsettled day ended.
    expect(ended.attemptHistory.map((a: { on: string; outcome: string }) => [a.on, a.outcome])).toEqual([0, 2, 4, 6].map((n) => [addDays(due, n), 'FAILED']));
    expect(statuses).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'FAILED', 'FAILED']);
    expect(await cycleEventsOf(id)).toEqual([
      'RECURRENCE_CYCLE_CREATED',
      'RECURRENCE_CYCLE_RETRY_SCHEDULED',
      'RECURRENCE_CYCLE_RETRY_SCHEDULED',
      'RECURRENCE_CYCLE_RETRY_SCHEDULED',
      'RECURRENCE_CYCLE_FAILED',
    ]);
    expect((await chargeOf(made.transactionId)).status).toBe('EXPIRED');
    expect(await eventsOf(made.transactionId)).toEqual(['TRANSACTION_CREATED', 'TRANSACTION_WAITING_PAYMENT', 'TRANSACTION_EXPIRED']);
    expect(await creditsOf(made.transactionId)).toEqual([]);
  });

  it('an unsettled day is retried, and the retry can still be paid: one credit', async () => {
    const id = await approvedRecurrence({ calendar: { firstDate: day(5), period: 'MONTHLY' }, retryPolicy: 'THREE_IN_SEVEN_DAYS' });
    const [made] = await cyclesOf(id);
    await moveTo(addDays(made.dueDate, 1));
    expect((await cyclesOf(id))[0]).toMatchObject({ status: 'ACTIVE', attempts: 1, nextAttemptOn: addDays(made.dueDate, 2) });
    const paid = await sandbox(`${id}/cycles/1/pay`);
    expect(paid.body.data).toMatchObject({ status: 'PAID', attempts: 2, attemptHistory: [{ outcome: 'FAILED' }, { outcome: 'PAID', on: addDays(made.dueDate, 2) }] });
    // The end of the retry's day finds it paid and changes nothing; the charge's own expiry neither.
    await moveTo(addDays(made.dueDate, 9));
    expect((await cyclesOf(id))[0]).toMatchObject({ status: 'PAID', attempts: 2 });
    expect((await chargeOf(made.transactionId)).status).toBe('PAID');
    expect(await creditsOf(made.transactionId)).toHaveLength(1);
    expect(await cycleEventsOf(id)).toEqual(['RECURRENCE_CYCLE_CREATED', 'RECURRENCE_CYCLE_RETRY_SCHEDULED', 'RECURRENCE_CYCLE_PAID']);
  });

  it('the sandbox clock moved past a cycle nobody answered ends it before the next cycle is made', async () => {
    const id = await approvedRecurrence({ retryPolicy: 'THREE_IN_SEVEN_DAYS' });
    const c1 = (await sandbox(`${id}/advance`)).body.data.cycle;
    await drainJobs(app);
    const moved = await sandbox(`${id}/advance`);
    expect(moved.status).toBe(200);
    expect(moved.body.data.cycle).toMatchObject({ number: 2, status: 'ACTIVE' });
    const [first] = await cyclesOf(id);
    // The clock jumped past the policy's 7 days: the attempt on the due date failed and no retry is left.
    expect(first).toMatchObject({ number: 1, status: 'FAILED', attempts: 1, attemptHistory: [{ on: c1.dueDate, reason: UNSETTLED_ATTEMPT_REASON }] });
    await drainJobs(app);
    expect((await chargeOf(c1.transactionId)).status).toBe('EXPIRED');
    expect(await creditsOf(c1.transactionId)).toEqual([]);
    expect(await cycleEventsOf(id)).toEqual(['RECURRENCE_CYCLE_CREATED', 'RECURRENCE_CYCLE_FAILED', 'RECURRENCE_CYCLE_CREATED']);
  });
});

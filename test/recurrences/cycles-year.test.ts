import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../src/domain/recurrences/civil-day';
import type { Seller, TestApp } from '../support/app';
import { drainJobs, sqlOf } from '../support/platform';
import { createRecurrence, RECURRENCES, useRecurrencesApp } from '../support/recurrences';
import { rest } from '../support/rest';

/**
 * A year of PIX Automático cycles in the sandbox, the recurrence's clock moved cycle by
 * cycle: each cycle is one charge of the seller, paid once, credited once (fee and
 * statement line as any charge), each event once; a failed attempt is retried within
 * the policy and the ledger stays exact.
 */
const BASE = RECURRENCES;
const AMOUNT = 9_990;

// Far enough ahead that no window is open yet: only the clock brings each cycle.
let app: TestApp;
let seller: Seller;
const { day, sandbox, cyclesOf, eventsOf, approvedRecurrence } = useRecurrencesApp({ amount: AMOUNT, firstDateInDays: 40 }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
});

/** The error code of a 4xx: `code` for a validation error, `erro` for the others. */
const codeOf = (res: { body: { code?: string; erro?: string } }) => res.body.code ?? res.body.erro;
const ledgerOf = async (transactionIds: string[]) =>
  sqlOf(app).query<{ transaction_id: string; kind: string; n: string }>(
    'select transaction_id, kind, count(*) as n from ledger_entries where transaction_id = any(?::text[]) group by transaction_id, kind order by transaction_id',
    [transactionIds],
  );

describe('PIX Automático cycles in the sandbox', () => {
  it('a year of monthly cycles with the clock moved: 12 paid cycles, 12 credits, every event once', async () => {
    const id = await approvedRecurrence();
    expect(await cyclesOf(id)).toEqual([]);
    const before = (await rest(app, 'GET', '/balance-statement', { bearer: seller.apiKey })).body.data;

    for (let n = 1; n <= 12; n++) {
      const moved = await sandbox(`${id}/advance`);
      expect(moved.status).toBe(200);
      expect(moved.body.data.cycle).toMatchObject({ number: n, status: 'ACTIVE', amount: AMOUNT, attempts: 0 });
      // The clock stands on the day the cycle's window opens: 10 days before its date.
      expect(moved.body.data.clockDate < moved.body.data.cycle.dueDate).toBe(true);
      await drainJobs(app);
      const paid = await sandbox(`${id}/cycles/${n}/pay`);
      expect(paid.status).toBe(200);
      expect(paid.body.data).toMatchObject({ number: n, status: 'PAID', attempts: 1, attemptHistory: [{ number: 1, outcome: 'PAID' }] });
    }
    await drainJobs(app);

    const cycles = await cyclesOf(id);
    expect(cycles.map((c: { number: number }) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(cycles.every((c: { status: string }) => c.status === 'PAID')).toBe(true);
    // One month apart, from the first date.
    expect(new Set(cycles.map((c: { dueDate: string }) => c.dueDate.slice(8))).size).toBeLessThanOrEqual(2);
    const txIds = cycles.map((c: { transactionId: string }) => c.transactionId);
    expect(new Set(txIds).size).toBe(12);

    for (const txId of txIds) {
      const t = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${txId}`, { key: seller.apiKey })).body.data;
      expect(t).toMatchObject({ status: 'PAID', amount: AMOUNT, metadata: { recurrenceId: id } });
      expect(await eventsOf(txId)).toEqual(['TRANSACTION_CREATED', 'TRANSACTION_WAITING_PAYMENT', 'TRANSACTION_PAID']);
    }
    const ledger = await ledgerOf(txIds);
    expect(ledger.map((r) => [r.kind, Number(r.n)])).toEqual(txIds.map(() => ['PIX_CREDIT', 1]));

    const events = await eventsOf(id);
    const count = (e: string) => events.filter((x) => x === e).length;
    expect([count('RECURRENCE_CREATED'), count('RECURRENCE_APPROVED'), count('RECURRENCE_CYCLE_CREATED'), count('RECURRENCE_CYCLE_PAID')]).toEqual([1, 1, 12, 12]);
    expect(events.length).toBe(26);

    const after = (await rest(app, 'GET', '/balance-statement', { bearer: seller.apiKey })).body.data;
    const nets = await sqlOf(app).query<{ total: string }>('select sum(net_amount) as total from transactions where id = any(?::text[])', [txIds]);
    expect(after.available + (after.pending ?? 0) - before.available - (before.pending ?? 0)).toBe(Number(nets[0]!.total));
  });

  it('a failed cycle is retried within the policy, then paid: one credit, the ledger exact', async () => {
    const id = await approvedRecurrence();
    const c1 = (await sandbox(`${id}/advance`)).body.data.cycle;
    await drainJobs(app);
    const failed = await sandbox(`${id}/cycles/1/fail`, { reason: 'insufficient funds' });
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ status: 'ACTIVE', attempts: 1, attemptHistory: [{ outcome: 'FAILED', reason: 'insufficient funds', on: c1.dueDate }] });
    expect(failed.body.data.nextAttemptOn > c1.dueDate).toBe(true);
    const paid = (await sandbox(`${id}/cycles/1/pay`)).body.data;
    expect(paid).toMatchObject({ status: 'PAID', attempts: 2, nextAttemptOn: null });
    expect(paid.attemptHistory.map((a: { outcome: string }) => a.outcome)).toEqual(['FAILED', 'PAID']);
    await drainJobs(app);
    const events = await eventsOf(id);
    expect(events.filter((e) => e.startsWith('RECURRENCE_CYCLE_'))).toEqual(['RECURRENCE_CYCLE_CREATED', 'RECURRENCE_CYCLE_RETRY_SCHEDULED', 'RECURRENCE_CYCLE_PAID']);
    const ledger = await ledgerOf([c1.transactionId]);
    expect(ledger.map((r) => [r.kind, Number(r.n)])).toEqual([['PIX_CREDIT', 1]]);
    const unbalanced = await sqlOf(app).query('select entry_id from ledger_postings group by entry_id having sum(amount) <> 0');
    expect(unbalanced).toEqual([]);
    // Paying again changes nothing; failing a paid cycle is a conflict.
    expect((await sandbox(`${id}/cycles/1/pay`)).body.data).toMatchObject({ status: 'PAID', attempts: 2 });
    const late = await sandbox(`${id}/cycles/1/fail`, {});
    expect([late.status, codeOf(late)]).toEqual([409, 'CYCLE_NOT_OPEN']);
  });

  it('three retries at most in seven days: the fourth failure fails the cycle and refuses its charge, with no credit', async () => {
    const id = await approvedRecurrence();
    const c1 = (await sandbox(`${id}/advance`)).body.data.cycle;
    await drainJobs(app);
    const outcomes: string[] = [];
    for (let i = 0; i < 4; i++) outcomes.push((await sandbox(`${id}/cycles/1/fail`, { reason: 'no funds' })).body.data.status);
    expect(outcomes).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'FAILED']);
    const cycle = (await cyclesOf(id))[0];
    expect(cycle.attemptHistory.map((a: { on: string }) => a.on)).toEqual([c1.dueDate, ...[1, 2, 3].map((n) => new Date(Date.parse(c1.dueDate) + n * 86_400_000).toISOString().slice(0, 10))]);
    await drainJobs(app);
    const t = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${c1.transactionId}`, { key: seller.apiKey })).body.data;
    expect(t.status).toBe('REFUSED');
    expect(await ledgerOf([c1.transactionId])).toEqual([]);
    const events = (await eventsOf(id)).filter((e) => e.startsWith('RECURRENCE_CYCLE_'));
    expect(events).toEqual(['RECURRENCE_CYCLE_CREATED', 'RECURRENCE_CYCLE_RETRY_SCHEDULED', 'RECURRENCE_CYCLE_RETRY_SCHEDULED', 'RECURRENCE_CYCLE_RETRY_SCHEDULED', 'RECURRENCE_CYCLE_FAILED']);
  });

  it('without retries a failed attempt fails the cycle at once', async () => {
    const id = await approvedRecurrence({ retryPolicy: 'NONE' });
    await sandbox(`${id}/advance`);
    expect((await sandbox(`${id}/cycles/1/fail`)).body.data).toMatchObject({ status: 'FAILED', attempts: 1, nextAttemptOn: null });
  });

  it('cancelling stops future cycles and cancels the pending one before its date', async () => {
    const id = await approvedRecurrence();
    const c1 = (await sandbox(`${id}/advance`)).body.data.cycle;
    await drainJobs(app);
    const cancelled = await rest(app, 'POST', `${BASE}/${id}/cancel`, { key: seller.apiKey, body: { reason: 'moved away' } });
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', endReason: 'moved away' });
    await drainJobs(app);
    expect((await cyclesOf(id)).map((c: { status: string }) => c.status)).toEqual(['CANCELLED']);
    const t = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${c1.transactionId}`, { key: seller.apiKey })).body.data;
    expect(t).toMatchObject({ status: 'REFUSED' });
    expect((await sandbox(`${id}/cycles/1/pay`)).status).toBe(409);
    const next = await sandbox(`${id}/advance`);
    expect([next.status, codeOf(next)]).toEqual([409, 'RECURRENCE_STATUS_CONFLICT']);
    expect((await eventsOf(id)).slice(-2)).toEqual(['RECURRENCE_CANCELLED', 'RECURRENCE_CYCLE_CANCELLED']);
  });

  it('the worker makes a cycle whose window is open without any clock, once however often its job runs', async () => {
    const id = await approvedRecurrence({ calendar: { firstDate: day(5), period: 'MONTHLY' } });
    const cycles = await cyclesOf(id);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ number: 1, dueDate: day(5), status: 'ACTIVE', amount: AMOUNT });
    await app.services.platform.jobs.runDue();
    await sqlOf(app).query(`update jobs set run_at = '2000-01-01' where key = ?`, [`recurrence-cycles:${id}`]);
    await drainJobs(app);
    expect(await cyclesOf(id)).toHaveLength(1);
    const job = await sqlOf(app).one<{ run_at: Date }>('select run_at from jobs where key = ?', [`recurrence-cycles:${id}`]);
    // The next look is when cycle 2's window opens (10 days before its date), at midnight in Brasília.
    expect(new Date(job!.run_at).toISOString()).toBe(`${addDays(addMonths(day(5), 1), -10)}T03:00:00.000Z`);
  });

  it('a variable recurrence charges the amount the seller set for the cycle, at least its minimum', async () => {
    const id = await approvedRecurrence({ amountType: 'VARIABLE', amount: undefined, minimumAmount: 1_000 });
    const none = await sandbox(`${id}/advance`);
    expect([none.status, codeOf(none)]).toEqual([409, 'CYCLE_AMOUNT_REQUIRED']);
    const low = await rest(app, 'POST', `${BASE}/${id}/next-cycle-amount`, { key: seller.apiKey, body: { amount: 999 } });
    expect([low.status, codeOf(low)]).toEqual([400, 'AMOUNT_TOO_LOW']);
    const set = await rest(app, 'POST', `${BASE}/${id}/next-cycle-amount`, { key: seller.apiKey, body: { amount: 4_321 } });
    expect([set.status, set.body.data.nextCycleAmount]).toEqual([200, 4_321]);
    // Both doors show the amount set for the next cycle, until that cycle takes it.
    const { gql } = await import('../support/app');
    const nextOnBothDoors = async () => [
      (await rest(app, 'GET', `${BASE}/${id}`, { key: seller.apiKey })).body.data.nextCycleAmount,
      (await gql(app, 'query($id: ID!){ recurrence(id: $id){ nextCycleAmount } }', { id }, seller.apiKey)).data!.recurrence.nextCycleAmount,
    ];
    expect(await nextOnBothDoors()).toEqual([4_321, 4_321]);
    const c1 = (await sandbox(`${id}/advance`)).body.data.cycle;
    expect(c1).toMatchObject({ number: 1, amount: 4_321 });
    expect(await nextOnBothDoors()).toEqual([null, null]);
    const fixed = await approvedRecurrence();
    expect((await gql(app, 'query($id: ID!){ recurrence(id: $id){ amount nextCycleAmount } }', { id: fixed }, seller.apiKey)).data!.recurrence).toEqual({ amount: AMOUNT, nextCycleAmount: null });
    const again = await sandbox(`${id}/advance`);
    expect(codeOf(again)).toBe('CYCLE_AMOUNT_REQUIRED');
  });

  it('refuses bad input with a 4xx and keeps sellers apart', async () => {
    const id = await approvedRecurrence();
    expect(codeOf(await sandbox(`${id}/cycles/abc/pay`))).toBe('INVALID_CYCLE_NUMBER');
    expect((await sandbox(`${id}/cycles/7/pay`)).status).toBe(404);
    expect((await sandbox(`${id}/cycles/1/fail`, { reason: 5 })).status).toBe(400);
    expect(codeOf(await rest(app, 'POST', `${BASE}/${id}/next-cycle-amount`, { key: seller.apiKey, body: { amount: 10 } }))).toBe('RECURRENCE_AMOUNT_FIXED');
    const { onboardSeller } = await import('../support/app');
    const other = await onboardSeller(app);
    expect((await rest(app, 'POST', `/v1/sandbox/recurrences/${id}/advance`, { key: other.apiKey })).status).toBe(404);
    expect((await rest(app, 'GET', `${BASE}/${id}/cycles`, { key: other.apiKey })).status).toBe(404);
  });
});

describe('PIX Automático cycles through GraphQL', () => {
  it('moves the clock and reads the cycles with the same commands as REST', async () => {
    const { gql } = await import('../support/app');
    const id = await approvedRecurrence();
    const ADVANCE = 'mutation($id: ID!){ sandboxAdvanceRecurrence(id: $id){ clockDate recurrence { id status } cycle { number dueDate amount status transactionId attempts } } }';
    const moved = (await gql(app, ADVANCE, { id }, seller.apiKey)).data!.sandboxAdvanceRecurrence;
    expect(moved).toMatchObject({ recurrence: { id, status: 'APPROVED' }, cycle: { number: 1, amount: AMOUNT, status: 'ACTIVE', attempts: 0 } });
    expect(moved.clockDate < moved.cycle.dueDate).toBe(true);
    await sandbox(`${id}/cycles/1/pay`);
    const read = (await gql(app, 'query($id: ID!){ recurrence(id: $id){ cycles { number dueDate amount status transactionId attempts attemptHistory { outcome } } } }', { id }, seller.apiKey)).data!.recurrence;
    expect(read.cycles).toEqual([{ ...moved.cycle, status: 'PAID', attempts: 1, attemptHistory: [{ outcome: 'PAID' }] }]);
    expect((await rest(app, 'GET', `${BASE}/${id}/cycles`, { key: seller.apiKey })).body.data.items[0].transactionId).toBe(moved.cycle.transactionId);
  });

  it("plays the payer's side with the same commands as the REST sandbox routes", async () => {
    const { gql, gqlErrorCode } = await import('../support/app');
    const run = (mutation: string, id: string) => gql(app, `mutation($id: ID!){ ${mutation} }`, { id }, seller.apiKey);
    const recurrence = () => createRecurrence(app, seller.apiKey, { calendar: { firstDate: day(40), period: 'MONTHLY' }, amount: AMOUNT, retryPolicy: 'NONE' });
    const id = await recurrence();
    expect((await run('sandboxApproveRecurrence(id: $id){ status approvedAt }', id)).data!.sandboxApproveRecurrence).toMatchObject({ status: 'APPROVED' });
    expect(gqlErrorCode(await run('sandboxPayRecurrenceCycle(id: $id, number: 1){ status }', id))).toBe('CYCLE_NOT_FOUND');
    await run('sandboxAdvanceRecurrence(id: $id){ clockDate }', id);
    expect((await run('sandboxPayRecurrenceCycle(id: $id, number: 1){ number status attempts }', id)).data!.sandboxPayRecurrenceCycle).toEqual({ number: 1, status: 'PAID', attempts: 1 });
    await run('sandboxAdvanceRecurrence(id: $id){ clockDate }', id);
    const failed = (await run('sandboxFailRecurrenceCycle(id: $id, number: 2, reason: "sem saldo"){ status attemptHistory { reason } }', id)).data!.sandboxFailRecurrenceCycle;
    expect(failed).toEqual({ status: 'FAILED', attemptHistory: [{ reason: 'sem saldo' }] });
    expect((await cyclesOf(id)).map((c: { status: string }) => c.status)).toEqual(['PAID', 'FAILED']);
    const cancelled = (await run('sandboxPayerCancelRecurrence(id: $id, reason: "mudou de banco"){ status endedBy endReason }', id)).data!.sandboxPayerCancelRecurrence;
    expect(cancelled).toEqual({ status: 'CANCELLED', endedBy: 'PAYER', endReason: 'mudou de banco' });
    const other = await recurrence();
    expect((await run('sandboxRejectRecurrence(id: $id, reason: "não reconheço"){ status endReason }', other)).data!.sandboxRejectRecurrence).toEqual({ status: 'REJECTED', endReason: 'não reconheço' });
    expect(gqlErrorCode(await run('sandboxApproveRecurrence(id: $id){ id }', 'unknown'))).toBe('RECURRENCE_NOT_FOUND');
  });
});

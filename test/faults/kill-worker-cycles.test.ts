import { describe, expect, it } from 'vitest';
import { until } from '../apipix/psp';
import { onboardSeller, type Seller } from '../support/app';
import { contractFetch } from '../support/contract';
import { processesFixture } from './support/processes-fixture';

/**
 * kill -9 of the worker while it makes the cycles of a batch of approved recurrences: the
 * restarted worker finishes the batch (the dead one's jobs once their lease ends) and no
 * cycle is made twice: one row per recurrence and number, one charge per cycle and no
 * charge without its cycle, one RECURRENCE_CYCLE_CREATED per cycle.
 */
const SELLERS = 2;
const RECURRENCES = 150;
/** Weekly from 3 days ahead: cycles 1 and 2 have their windows open today (10 days before each date). */
const CYCLES_EACH = 2;

const f = processesFixture('kill-cycles');
const day = (offset: number) => new Date(Date.now() - 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

describe('kill -9 of a worker while it makes recurrence cycles', () => {
  it(`${RECURRENCES} recurrences, ${CYCLES_EACH} cycles each: none made twice, none lost`, async () => {
    const { pg } = f;
    const env = { JOB_LOCK_SECONDS: '30', SANDBOX_AUTOPAY_SECONDS: '86400' };
    const api = await f.start('api', { ...env, ROLE: 'api' });
    const sellers: Seller[] = [];
    for (let s = 0; s < SELLERS; s++) sellers.push(await onboardSeller(api));
    const post = async (seller: Seller, path: string, body: unknown, key?: string) => {
      const res = await contractFetch(`${api.url}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': seller.apiKey, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBeLessThan(300);
      return ((await res.json()) as { data: { id: string; status: string } }).data;
    };

    // The batch, approved while no worker runs: the worker finds every recurrence's cycles job due.
    const ids: string[] = [];
    for (let i = 0; i < RECURRENCES; i++) {
      const seller = sellers[i % SELLERS]!;
      const r = await post(
        seller,
        '/api/v1/cobranca/recurrences',
        {
          contract: { object: 'Weekly box', number: `K-${i}`, payer: { name: 'Maria Souza', document: '52998224725' } },
          calendar: { firstDate: day(3), period: 'WEEKLY' },
          amountType: 'FIXED',
          amount: 1_000 + i,
          retryPolicy: 'NONE',
          journey: 'PUSH_REQUEST',
        },
        `kc-${i}`,
      );
      expect((await post(seller, `/v1/sandbox/recurrences/${r.id}/approve`, {})).status).toBe('APPROVED');
      ids.push(r.id);
    }
    const cycles = async () => Number((await pg.query<{ n: string }>(`select count(*) as n from recurrence_cycles where recurrence_id = any($1::text[])`, [ids])).rows[0]!.n);
    const expected = RECURRENCES * CYCLES_EACH;

    const started = Date.now();
    const worker = await f.start('worker', { ...env, ROLE: 'worker' });
    let atKill = 0;
    await until(
      async () => {
        atKill = await cycles();
        return atKill >= 20;
      },
      'the worker to have made 20 cycles',
      60_000,
      5,
    );
    await worker.kill();
    atKill = await cycles();
    expect(atKill).toBeLessThan(expected);
    await f.start('worker-again', { ...env, ROLE: 'worker' });
    await until(async () => (await cycles()) >= expected, 'every cycle to be made', 120_000, 200);
    const seconds = (Date.now() - started) / 1_000;

    const rows = (
      await pg.query<{ recurrence_id: string; number: number; transaction_id: string | null; status: string }>(
        `select recurrence_id, number, transaction_id, status from recurrence_cycles where recurrence_id = any($1::text[])`,
        [ids],
      )
    ).rows;
    const perRecurrence = new Map<string, number[]>();
    for (const r of rows) perRecurrence.set(r.recurrence_id, [...(perRecurrence.get(r.recurrence_id) ?? []), Number(r.number)]);
    for (const id of ids) expect((perRecurrence.get(id) ?? []).sort(), id).toEqual([1, 2]);
    expect(rows.every((r) => r.status === 'ACTIVE' && r.transaction_id !== null)).toBe(true);
    // One charge per cycle, and no charge made for a cycle that was not written.
    const charges = (await pg.query<{ id: string }>(`select id from transactions where metadata->>'recurrenceId' = any($1::text[])`, [ids])).rows.map((r) => r.id);
    expect(charges.sort()).toEqual(rows.map((r) => r.transaction_id).sort());
    const created = await pg.query<{ aggregate_id: string; n: string }>(
      `select aggregate_id, count(*) as n from outbox where event_type = 'RECURRENCE_CYCLE_CREATED' and aggregate_id = any($1::text[]) group by aggregate_id`,
      [ids],
    );
    expect(created.rows.length).toBe(RECURRENCES);
    expect(created.rows.every((r) => Number(r.n) === CYCLES_EACH)).toBe(true);
    console.log(`fault kill-worker-cycles: ${RECURRENCES} recurrences; killed with ${atKill} of ${expected} cycles made; all made after ${seconds.toFixed(1)} s; duplicates 0, lost 0`);
  });
});

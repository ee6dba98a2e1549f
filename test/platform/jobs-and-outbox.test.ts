import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/shared/clock';
import { Sql } from '../../src/infra/db/sql';
import { PgUnitOfWork } from '../../src/infra/db/unit-of-work';
import { pgConnections } from '../../src/infra/db/pg-connections';
import { jobKind, jobSet, stringField } from '../../src/domain/jobs/job-kinds';
import { JobRunner } from '../../src/infra/jobs/job-runner';
import { PgScheduler } from '../../src/infra/jobs/pg-scheduler';
import { createLogger } from '../../src/infra/log/logger';
import { PgOutbox } from '../../src/infra/outbox/pg-outbox';
import type { Orm } from '../../src/infra/db/orm';
import { openTestOrm } from '../support/orm';

let db: { orm: Orm; close(): Promise<void> };
let sql: Sql;
let uow: PgUnitOfWork;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));

beforeAll(async () => {
  db = await openTestOrm();
  sql = new Sql(pgConnections(db.orm));
  uow = new PgUnitOfWork(pgConnections(db.orm));
});
afterAll(async () => {
  await db?.close();
});

describe('durable jobs', () => {
  it('run when due (clock moved, no sleeping), once per key, and retry after a failure', async () => {
    const scheduler = new PgScheduler(sql);
    const runner = new JobRunner(sql, clock, createLogger('silent'));
    const seen: string[] = [];
    let failOnce = true;
    runner.register('test.echo', async (p) => {
      if (p.flaky && failOnce) {
        failOnce = false;
        throw new Error('transient');
      }
      seen.push(String(p.v));
    });
    await uow.run(async (tx) => {
      await scheduler.schedule(tx, { kind: 'test.echo', key: 'a', runAt: new Date(clock.now().getTime() + 30_000), payload: { v: 'a' } });
      await scheduler.schedule(tx, { kind: 'test.echo', key: 'a', runAt: clock.now(), payload: { v: 'duplicate' } });
      await scheduler.schedule(tx, { kind: 'test.echo', key: 'b', runAt: clock.now(), payload: { v: 'b', flaky: true } });
    });
    expect(await runner.runDue()).toBe(1); // b fails once
    expect(seen).toEqual([]);
    clock.advance(30_000);
    expect(await runner.runDue()).toBe(2);
    expect(seen.sort()).toEqual(['a', 'b']);
    expect(await runner.runDue()).toBe(0);
  });

  it('a typed job set: the stored payload is read into its kind before the handler; a bad payload is retried with the error kept; a kind has one handler', async () => {
    const scheduler = new PgScheduler(sql);
    const runner = new JobRunner(sql, clock, createLogger('silent'));
    const kinds = { greet: jobKind('test.typed-greet', (p) => ({ name: stringField(p, 'name') })) };
    const greeted: string[] = [];
    runner.registerAll(jobSet(kinds, { greet: async ({ name }) => void greeted.push(name) }));
    expect(() => runner.registerAll(jobSet(kinds, { greet: async () => {} }))).toThrow('test.typed-greet has two handlers');
    await uow.run((tx) =>
      scheduler.schedule(tx, [kinds.greet.at('typed-ok', clock.now(), { name: 'Ana' }), { kind: 'test.typed-greet', key: 'typed-bad', runAt: clock.now(), payload: { name: 7 } }]),
    );
    expect(await runner.runDue()).toBe(2);
    expect(greeted).toEqual(['Ana']);
    const [bad] = await sql.query<{ last_error: string }>(`select last_error from jobs where key = 'typed-bad'`);
    expect(bad?.last_error).toBe('job payload is missing the string field name');
  });

  it('a recurring job answers its next run: it keeps its key (scheduling it again changes nothing) and runs again only then', async () => {
    const scheduler = new PgScheduler(sql);
    const runner = new JobRunner(sql, clock, createLogger('silent'));
    const runs: Date[] = [];
    runner.register('test.recurring', async () => {
      runs.push(clock.now());
      return { runAgainAt: new Date(clock.now().getTime() + 60_000) };
    });
    const job = { kind: 'test.recurring', key: 'recurring', runAt: clock.now(), payload: {} };
    await uow.run((tx) => scheduler.schedule(tx, job));
    expect(await runner.runDue()).toBe(1);
    await uow.run((tx) => scheduler.schedule(tx, { ...job, runAt: clock.now() }));
    await runner.runDue();
    expect(runs).toHaveLength(1);
    const [row] = await sql.query<{ run_at: Date; attempts: number; locked_until: Date | null }>(`select run_at, attempts, locked_until from jobs where key = 'recurring'`);
    expect([new Date(row!.run_at).getTime() - clock.now().getTime(), row!.attempts, row!.locked_until]).toEqual([60_000, 0, null]);
    clock.advance(60_000);
    await runner.runDue();
    expect(runs).toHaveLength(2);
    await sql.query(`delete from jobs where key = 'recurring'`);
  });

  it('a claimed batch runs the jobs of side-by-side kinds at once and the others in turn, each once; the finished ones go, a failed one waits for its retry', async () => {
    const scheduler = new PgScheduler(sql);
    // Three lanes for the side-by-side kinds, one for the others.
    const runner = new JobRunner(sql, clock, createLogger('silent'), { concurrency: 4 });
    let inFlight = 0;
    let most = 0;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((r) => (open = r));
    const ran: string[] = [];
    let inTurnNow = 0;
    let inTurnMost = 0;
    const inTurnRan: string[] = [];
    const kinds = {
      side: jobKind('test.side-by-side', (p) => ({ v: stringField(p, 'v') }), { sideBySide: true }),
      inTurn: jobKind('test.in-turn', (p) => ({ v: stringField(p, 'v') })),
    };
    runner.registerAll(
      jobSet(kinds, {
        side: async ({ v }) => {
          inFlight++;
          most = Math.max(most, inFlight);
          if (inFlight === 3) open();
          await gate; // the first three wait for one another: they only get past it together
          inFlight--;
          ran.push(v);
          if (v === 'f') throw new Error('transient');
        },
        inTurn: async ({ v }) => {
          inTurnNow++;
          inTurnMost = Math.max(inTurnMost, inTurnNow);
          await new Promise((r) => setImmediate(r));
          inTurnNow--;
          inTurnRan.push(v);
        },
      }),
    );
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    await uow.run((tx) =>
      scheduler.schedule(tx, [
        ...keys.map((v) => kinds.side.at(`side-${v}`, clock.now(), { v })),
        ...['x', 'y', 'z'].map((v) => kinds.inTurn.at(`turn-${v}`, clock.now(), { v })),
      ]),
    );
    expect(await runner.runDue()).toBe(9);
    expect([most, ran.sort()]).toEqual([3, keys]);
    expect([inTurnMost, inTurnRan.sort()]).toEqual([1, ['x', 'y', 'z']]);
    const left = await sql.query<{ key: string; locked_until: Date | null; last_error: string }>(`select key, locked_until, last_error from jobs where kind in ('test.side-by-side', 'test.in-turn')`);
    expect(left).toEqual([{ key: 'side-f', locked_until: null, last_error: 'transient' }]);
    expect(await runner.runDue()).toBe(0);
    await sql.query(`delete from jobs where kind = 'test.side-by-side'`);
  });

  it('a rolled-back transaction schedules nothing', async () => {
    const scheduler = new PgScheduler(sql);
    await expect(
      uow.run(async (tx) => {
        await scheduler.schedule(tx, { kind: 'test.echo', key: 'rolled-back', runAt: clock.now(), payload: {} });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await sql.query(`select 1 from jobs where key = 'rolled-back'`)).toHaveLength(0);
  });
});

describe('outbox', () => {
  it('appends in the caller transaction and wakes the relay only after commit', async () => {
    let woken = 0;
    const outbox = new PgOutbox(sql, () => woken++);
    const event = { eventType: 'TRANSACTION_PAID' as const, sellerId: 's1', aggregateType: 'TRANSACTION' as const, aggregateId: 'tx1', payload: { id: 'tx1', amount: 100 }, occurredAt: clock.now() };
    await expect(
      uow.run(async (tx) => {
        await outbox.append(tx, event);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(woken).toBe(0);
    const id = await uow.run((tx) => outbox.append(tx, event));
    expect(woken).toBe(1);
    const rows = await sql.query<{ event_id: string; payload: unknown; published_at: Date | null }>('select event_id, payload, published_at from outbox');
    expect(rows).toEqual([{ event_id: id, payload: { id: 'tx1', amount: 100 }, published_at: null }]);
  });
});

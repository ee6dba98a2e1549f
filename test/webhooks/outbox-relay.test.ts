import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/shared/clock';
import type { Tx } from '../../src/domain/shared/unit-of-work';
import { pgConnections } from '../../src/infra/db/pg-connections';
import type { Orm } from '../../src/infra/db/orm';
import { Sql } from '../../src/infra/db/sql';
import { PgUnitOfWork } from '../../src/infra/db/unit-of-work';
import { createLogger } from '../../src/infra/log/logger';
import { CoalescedNotifier, PgOutbox } from '../../src/infra/outbox/pg-outbox';
import { OutboxRelay, type OutboxRow, type RelaySink } from '../../src/infra/outbox/relay';
import { OutboxListener } from '../../src/infra/outbox/relay-listener';
import { openTestOrm } from '../support/orm';
import { eventually } from './support/receiver';

let db: { orm: Orm; close(): Promise<void> };
let sql: Sql;
let uow: PgUnitOfWork;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
const logger = createLogger('silent');

beforeAll(async () => {
  db = await openTestOrm(20);
  sql = new Sql(pgConnections(db.orm));
  uow = new PgUnitOfWork(pgConnections(db.orm));
});
afterAll(async () => db?.close());

const append = (outbox: PgOutbox, i: number) =>
  uow.run((tx) => outbox.append(tx, { eventType: 'WITHDRAWAL_PAID', sellerId: 's', aggregateType: 'WITHDRAWAL', aggregateId: `wd_${i}`, payload: { id: `wd_${i}` }, occurredAt: clock.now() }));

class CountingSink implements RelaySink {
  seen: string[] = [];
  failNext = false;
  async deliver(rows: OutboxRow[], _tx: Tx) {
    await new Promise((r) => setTimeout(r, 2)); // hold the rows a moment, as a broker confirm would
    if (this.failNext) {
      this.failNext = false;
      throw new Error('broker down');
    }
    this.seen.push(...rows.map((r) => r.eventId));
  }
}

describe('outbox relay', () => {
  it('three relays at once (FOR UPDATE SKIP LOCKED) publish every row exactly once', async () => {
    const outbox = new PgOutbox(sql);
    const ids = await Promise.all(Array.from({ length: 600 }, (_, i) => append(outbox, i)));
    const sinks = [new CountingSink(), new CountingSink(), new CountingSink()];
    const relays = sinks.map((sink) => new OutboxRelay({ uow, sql, clock, logger, sink }, { batchSize: 25 }));
    await Promise.all(relays.map((r) => r.drain()));
    const all = sinks.flatMap((s) => s.seen);
    expect(all.sort()).toEqual([...ids].sort());
    expect(sinks.filter((s) => s.seen.length > 0).length).toBeGreaterThan(1);
    expect(await sql.query(`select 1 from outbox where published_at is null`)).toHaveLength(0);
  });

  it('a sink failure rolls the batch back: the rows are relayed again (one by one), none lost, none counted as failing', async () => {
    const outbox = new PgOutbox(sql);
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => append(outbox, 1_000 + i)));
    const sink = new CountingSink();
    sink.failNext = true;
    const relay = new OutboxRelay({ uow, sql, clock, logger, sink }, { batchSize: 100 });
    expect(await relay.drain()).toBe(10);
    expect(sink.seen.sort()).toEqual([...ids].sort());
    expect(await sql.query(`select 1 from outbox where relay_failures > 0 or published_at is null`)).toHaveLength(0);
  });

  it('wakes on NOTIFY from another process (dedicated LISTEN connection), and on the in-process signal', async () => {
    const sink = new CountingSink();
    const relay = new OutboxRelay({ uow, sql, clock, logger, sink }, { pollMs: 60_000 });
    const signal = new EventEmitter();
    const url = (db.orm.config.get('clientUrl') as string);
    // The listener wakes the relay once its LISTEN is attached: the readiness signal.
    let attached!: () => void;
    const listening = new Promise<void>((r) => (attached = r));
    const listener = new OutboxListener({ url, logger, onNotify: () => (attached(), relay.wake()) });
    relay.start(signal);
    listener.start();
    try {
      await listening;
      // A writer that does not share this process's signal: only NOTIFY can wake the relay.
      const notifier = new CoalescedNotifier(sql, (err) => logger.error({ err }));
      const [id] = await Promise.all([append(new PgOutbox(sql, () => notifier.notify()), 2_000)]);
      await eventually(async () => sink.seen, (s) => s.includes(id!), 5_000, 'relayed after NOTIFY');
      const viaSignal = await append(new PgOutbox(sql, () => signal.emit('committed')), 2_001);
      await eventually(async () => sink.seen, (s) => s.includes(viaSignal), 5_000, 'relayed after the signal');
    } finally {
      await listener.stop();
      await relay.stop();
    }
  });

  describe('a row that fails on its own (poison)', () => {
    class PoisonSink implements RelaySink {
      seen: string[] = [];
      constructor(private readonly poison: Set<string>, private readonly down = false) {}
      async deliver(rows: OutboxRow[], _tx: Tx) {
        if (this.down) throw new Error('broker down');
        const bad = rows.find((r) => this.poison.has(r.aggregateId));
        if (bad) throw new Error(`cannot deliver ${bad.aggregateId}`);
        this.seen.push(...rows.map((r) => r.aggregateId));
      }
    }
    const state = (aggregateId: string) =>
      sql.one<{ relay_failures: number; last_relay_error: string | null; parked_at: Date | string | null; published_at: Date | string | null }>(
        `select relay_failures, last_relay_error, parked_at, published_at from outbox where aggregate_id = ?`,
        [aggregateId],
      );

    it('does not hold back the rows behind it, counts its failures and is parked at the limit, kept with its error', async () => {
      const outbox = new PgOutbox(sql);
      for (let i = 0; i < 5; i++) await append(outbox, 3_000 + i);
      const sink = new PoisonSink(new Set(['wd_3000']));
      const relay = new OutboxRelay({ uow, sql, clock, logger, sink }, { batchSize: 100, maxRowFailures: 3 });
      expect(await relay.drain()).toBe(4);
      expect(sink.seen).toEqual(['wd_3001', 'wd_3002', 'wd_3003', 'wd_3004']);
      expect(await state('wd_3000')).toMatchObject({ relay_failures: 1, last_relay_error: 'cannot deliver wd_3000', parked_at: null, published_at: null });

      await append(outbox, 3_005);
      expect(await relay.drain()).toBe(1);
      await append(outbox, 3_006);
      expect(await relay.drain()).toBe(1);
      expect(await state('wd_3000')).toMatchObject({ relay_failures: 3, published_at: null });
      expect((await state('wd_3000'))!.parked_at).not.toBeNull();

      // Parked: the next batches no longer try it.
      await append(outbox, 3_007);
      expect(await relay.drain()).toBe(1);
      expect((await state('wd_3000'))!.relay_failures).toBe(3);
      expect(sink.seen).toEqual(['wd_3001', 'wd_3002', 'wd_3003', 'wd_3004', 'wd_3005', 'wd_3006', 'wd_3007']);

      // Once the cause is fixed, clearing parked_at relays it.
      await sql.query(`update outbox set parked_at = null where aggregate_id = ?`, ['wd_3000']);
      const fixed = new PoisonSink(new Set());
      expect(await new OutboxRelay({ uow, sql, clock, logger, sink: fixed }, { batchSize: 100 }).drain()).toBe(1);
      expect(fixed.seen).toEqual(['wd_3000']);
      expect((await state('wd_3000'))!.published_at).not.toBeNull();
    });

    it('when every row fails the sink is down: nothing is counted against the rows and the error surfaces', async () => {
      const outbox = new PgOutbox(sql);
      for (let i = 0; i < 3; i++) await append(outbox, 4_000 + i);
      const relay = new OutboxRelay({ uow, sql, clock, logger, sink: new PoisonSink(new Set(), true) }, { batchSize: 100, maxRowFailures: 1 });
      await expect(relay.drain()).rejects.toThrow('broker down');
      for (let i = 0; i < 3; i++) expect(await state(`wd_${4_000 + i}`)).toMatchObject({ relay_failures: 0, parked_at: null, published_at: null });
      const healthy = new PoisonSink(new Set());
      expect(await new OutboxRelay({ uow, sql, clock, logger, sink: healthy }, { batchSize: 100 }).drain()).toBe(3);
    });
  });
});

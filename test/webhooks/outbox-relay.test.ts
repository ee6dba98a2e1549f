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

  it('a sink failure rolls the batch back: the rows are relayed again, none lost', async () => {
    const outbox = new PgOutbox(sql);
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => append(outbox, 1_000 + i)));
    const sink = new CountingSink();
    sink.failNext = true;
    const relay = new OutboxRelay({ uow, sql, clock, logger, sink }, { batchSize: 100 });
    await expect(relay.drain()).rejects.toThrow('broker down');
    expect(await relay.drain()).toBe(10);
    expect(sink.seen.sort()).toEqual([...ids].sort());
  });

  it('wakes on NOTIFY from another process (dedicated LISTEN connection), and on the in-process signal', async () => {
    const sink = new CountingSink();
    const relay = new OutboxRelay({ uow, sql, clock, logger, sink }, { pollMs: 60_000 });
    const signal = new EventEmitter();
    const url = (db.orm.config.get('clientUrl') as string);
    const listener = new OutboxListener({ url, logger, onNotify: relay.wake });
    relay.start(signal);
    listener.start();
    try {
      await new Promise((r) => setTimeout(r, 300));
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
});

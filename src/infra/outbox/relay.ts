import type { EventEmitter } from 'node:events';
import type { Clock } from '../../domain/shared/clock';
import type { Tx, UnitOfWork } from '../../domain/shared/unit-of-work';
import type { StoredEvent } from '../../domain/webhooks/webhooks.ports';
import type { Sql } from '../db/sql';
import type { Logger } from '../log/logger';

/** An outbox row being relayed. */
export interface OutboxRow extends StoredEvent {
  /** The outbox's bigserial id (ordering). */
  seq: string;
}

/**
 * Where relayed events go. `deliver` runs inside the transaction that holds the rows
 * (FOR UPDATE SKIP LOCKED) and before they are marked published: it must only resolve
 * once the events are durable at the destination (broker confirm, or rows written in
 * tx). If it throws, the transaction rolls back and the rows are relayed again later.
 */
export interface RelaySink {
  deliver(rows: OutboxRow[], tx: Tx): Promise<void>;
}

interface RawRow {
  id: string;
  event_id: string;
  event_type: string;
  seller_id: string;
  aggregate_type: StoredEvent['aggregateType'];
  aggregate_id: string;
  payload: Record<string, unknown> | string;
  occurred_at: Date;
}

export interface RelayOptions {
  batchSize?: number;
  /** Safety poll when no wake-up arrives (NOTIFY or the in-process signal). */
  pollMs?: number;
  /** Isolated failures after which a row is parked (set aside, kept, logged). */
  maxRowFailures?: number;
}

const CLAIM_COLUMNS = 'id, event_id, event_type, seller_id, aggregate_type, aggregate_id, payload, occurred_at';

function toOutboxRow(r: RawRow): OutboxRow {
  return {
    seq: String(r.id),
    eventId: r.event_id,
    eventType: r.event_type,
    sellerId: r.seller_id,
    aggregateType: r.aggregate_type,
    aggregateId: r.aggregate_id,
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    occurredAt: new Date(r.occurred_at),
  };
}

/**
 * Moves committed outbox rows to a sink, at least once: claim a batch with FOR UPDATE
 * SKIP LOCKED (several relays share the work), hand it to the sink, mark it published,
 * commit. A crash after the sink accepted a batch and before the commit relays it again
 * (a duplicate, never a loss); consumers are idempotent.
 *
 * A failed batch is retried row by row. When some rows pass and others fail, the
 * failure belongs to those rows (a poison row, not an outage): each counts it, and
 * after `maxRowFailures` is parked so it no longer holds back the rows behind it.
 * When every row fails, the sink is down: nothing is counted, the error propagates and
 * the whole batch is retried later.
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeRequested = false;
  private wakeResolve: (() => void) | undefined;

  constructor(
    private readonly deps: { uow: UnitOfWork; sql: Sql; clock: Clock; logger: Logger; sink: RelaySink },
    o: RelayOptions = {},
  ) {
    this.batchSize = o.batchSize ?? 200;
    this.pollMs = o.pollMs ?? 5_000;
    this.maxRowFailures = o.maxRowFailures ?? 10;
  }

  private readonly maxRowFailures: number;

  /** Relays one batch; returns how many rows were published. */
  async relayOnce(): Promise<number> {
    try {
      return await this.relayBatch();
    } catch (batchError) {
      return this.relayOneByOne(batchError);
    }
  }

  private relayBatch(): Promise<number> {
    return this.deps.uow.run(async (tx) => {
      const raw = await this.deps.sql.query<RawRow>(
        `select ${CLAIM_COLUMNS} from outbox where published_at is null and parked_at is null order by id limit ? for update skip locked`,
        [this.batchSize],
        tx,
      );
      if (raw.length === 0) return 0;
      return this.publish(raw.map(toOutboxRow), tx);
    });
  }

  private async publish(rows: OutboxRow[], tx: Tx): Promise<number> {
    await this.deps.sink.deliver(rows, tx);
    const ids = rows.map((r) => r.seq);
    this.deps.sql.defer(`update outbox set published_at = ? where id in (${ids.map(() => '?').join(',')})`, [this.deps.clock.now(), ...ids], tx);
    return rows.length;
  }

  private async relayOneByOne(batchError: unknown): Promise<number> {
    const pending = await this.deps.sql.query<{ id: string }>(
      `select id from outbox where published_at is null and parked_at is null order by id limit ?`,
      [this.batchSize],
    );
    const failed: { id: string; error: unknown }[] = [];
    let published = 0;
    for (const { id } of pending) {
      try {
        published += await this.deps.uow.run(async (tx) => {
          const raw = await this.deps.sql.query<RawRow>(
            `select ${CLAIM_COLUMNS} from outbox where id = ? and published_at is null and parked_at is null for update skip locked`,
            [id],
            tx,
          );
          return raw.length === 0 ? 0 : this.publish(raw.map(toOutboxRow), tx);
        });
      } catch (error) {
        failed.push({ id: String(id), error });
      }
    }
    if (failed.length === pending.length) throw batchError; // the sink itself is failing
    for (const f of failed) await this.countFailure(f.id, f.error);
    return published;
  }

  private async countFailure(id: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const [row] = await this.deps.sql.query<{ event_id: string; relay_failures: number; parked_at: Date | null }>(
      `update outbox set relay_failures = relay_failures + 1, last_relay_error = ?,
         parked_at = case when relay_failures + 1 >= ? then ?::timestamptz else null end
       where id = ? and published_at is null returning event_id, relay_failures, parked_at`,
      [message.slice(0, 2_000), this.maxRowFailures, this.deps.clock.now(), id],
    );
    if (!row) return;
    const log = { eventId: row.event_id, failures: row.relay_failures, err: error };
    if (row.parked_at) this.deps.logger.error(log, 'outbox row parked after repeated failures of its own; the rows behind it go on (set parked_at = null to retry it)');
    else this.deps.logger.warn(log, 'outbox row failed on its own; the others were relayed');
  }

  /** Drains until empty; errors are logged and retried on the next wake-up or poll. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.relayOnce();
      total += n;
      if (n < this.batchSize) return total;
    }
  }

  wake = (): void => {
    this.wakeRequested = true;
    this.wakeResolve?.();
  };

  /** Runs until stop(): woken by `signal` ('committed') and by wake(), with a safety poll. */
  start(signal?: EventEmitter): void {
    if (this.running) return;
    this.running = true;
    signal?.on('committed', this.wake);
    const stopSignal = () => signal?.off('committed', this.wake);
    this.loop = (async () => {
      let failures = 0;
      while (this.running) {
        this.wakeRequested = false;
        try {
          await this.drain();
          failures = 0;
        } catch (err) {
          failures++;
          this.deps.logger.error({ err }, 'outbox relay failed; will retry');
        }
        if (!this.running) break;
        if (this.wakeRequested && failures === 0) continue;
        const waitMs = failures > 0 ? Math.min(this.pollMs, 100 * 2 ** Math.min(failures, 8)) : this.pollMs;
        await new Promise<void>((resolve) => {
          this.wakeResolve = resolve;
          this.timer = setTimeout(resolve, waitMs);
        });
        clearTimeout(this.timer);
        this.wakeResolve = undefined;
      }
      stopSignal();
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeResolve?.();
    await this.loop;
  }
}

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
}

/**
 * Moves committed outbox rows to a sink, at least once: claim a batch with FOR UPDATE
 * SKIP LOCKED (several relays share the work), hand it to the sink, mark it published,
 * commit. A crash after the sink accepted a batch and before the commit relays it again
 * (a duplicate, never a loss); consumers are idempotent.
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
  }

  /** Relays one batch; returns how many rows were published. */
  async relayOnce(): Promise<number> {
    return this.deps.uow.run(async (tx) => {
      const raw = await this.deps.sql.query<RawRow>(
        `select id, event_id, event_type, seller_id, aggregate_type, aggregate_id, payload, occurred_at
         from outbox where published_at is null order by id limit ? for update skip locked`,
        [this.batchSize],
        tx,
      );
      if (raw.length === 0) return 0;
      const rows: OutboxRow[] = raw.map((r) => ({
        seq: String(r.id),
        eventId: r.event_id,
        eventType: r.event_type,
        sellerId: r.seller_id,
        aggregateType: r.aggregate_type,
        aggregateId: r.aggregate_id,
        payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
        occurredAt: new Date(r.occurred_at),
      }));
      await this.deps.sink.deliver(rows, tx);
      const ids = rows.map((r) => r.seq);
      await this.deps.sql.query(
        `update outbox set published_at = ? where id in (${ids.map(() => '?').join(',')})`,
        [this.deps.clock.now(), ...ids],
        tx,
      );
      return rows.length;
    });
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

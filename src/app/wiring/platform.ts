import { EventEmitter } from 'node:events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { IdempotencyService } from '../../domain/idempotency/idempotency.service';
import type { Clock } from '../../domain/shared/clock';
import type { LiveEventFeed, LiveEvents } from '../../domain/shared/live-events';
import type { Orm } from '../../infra/db/orm';
import { pgConnections } from '../../infra/db/pg-connections';
import { Sql } from '../../infra/db/sql';
import { PgUnitOfWork } from '../../infra/db/unit-of-work';
import { PgIdempotencyStore } from '../../infra/idempotency/pg-idempotency-store';
import { JobRunner } from '../../infra/jobs/job-runner';
import { PgScheduler } from '../../infra/jobs/pg-scheduler';
import type { Logger } from '../../infra/log/logger';
import { CoalescedNotifier, PgOutbox } from '../../infra/outbox/pg-outbox';
import { CryptoTokens } from '../../infra/security/crypto-tokens';
import type { Config } from '../config';

/** Shared plumbing every feature's wiring builds on. */
export interface Platform {
  config: Config;
  logger: Logger;
  clock: Clock;
  live: LiveEvents & LiveEventFeed;
  em: EntityManager;
  sql: Sql;
  uow: PgUnitOfWork;
  tokens: CryptoTokens;
  outbox: PgOutbox;
  /** Emits 'committed' after a transaction that wrote outbox rows commits in this process. */
  outboxSignal: EventEmitter;
  scheduler: PgScheduler;
  jobs: JobRunner;
  idempotency: IdempotencyService;
  /** Background loops a feature runs in the worker role (relays, consumers). */
  workerHooks: (() => { stop(): Promise<void> })[];
}

export function buildPlatform(config: Config, orm: Orm, logger: Logger, clock: Clock, live: LiveEvents & LiveEventFeed): Platform {
  const em = orm.em;
  const connections = pgConnections(orm);
  const sql = new Sql(connections);
  const outboxSignal = new EventEmitter();
  outboxSignal.setMaxListeners(50);
  const jobs = new JobRunner(sql, clock, logger);
  if (config.DATABASE_URL) {
    // Other processes' relays listen for this; the embedded database has no other process.
    const notifier = new CoalescedNotifier(sql, (err) => logger.warn({ err }, 'outbox notify failed; relays will poll'));
    outboxSignal.on('committed', () => notifier.notify());
  }
  const idempotency = new IdempotencyService(new PgIdempotencyStore(sql), clock);
  return {
    config,
    logger,
    clock,
    live,
    em,
    sql,
    uow: new PgUnitOfWork(connections),
    tokens: new CryptoTokens(),
    outbox: new PgOutbox(sql, () => outboxSignal.emit('committed')),
    outboxSignal,
    scheduler: new PgScheduler(sql),
    jobs,
    idempotency,
    workerHooks: [],
  };
}

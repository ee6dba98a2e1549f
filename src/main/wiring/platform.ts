import type { AesSecretBox } from '../../infra/security/aes-secret-box';
import { secretBoxOf } from './secret-box';
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
import { registerDatabaseGauges, type PoolStats } from '../../infra/metrics/database-gauges';
import { Metrics } from '../../infra/metrics/metrics';
import type { Config } from '../config';
import { PublicAddress } from '../public-address';

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
  /** Where payers' banks and sellers reach this service (BR Code locations, JWS jku). */
  publicAddress: PublicAddress;
  /** Prometheus metrics of this process (GET /metrics). */
  metrics: Metrics;
  /** Seals stored secrets (TOTP seeds, webhook secrets) with APP_SECRET; one per process. */
  secretBox: AesSecretBox;
}

export function buildPlatform(config: Config, orm: Orm, logger: Logger, clock: Clock, live: LiveEvents & LiveEventFeed): Platform {
  const em = orm.em;
  const connections = pgConnections(orm);
  const sql = new Sql(connections);
  const outboxSignal = new EventEmitter();
  outboxSignal.setMaxListeners(50);
  // The embedded database has one connection: jobs there run one at a time.
  const jobs = new JobRunner(sql, clock, logger, { lockMs: config.JOB_LOCK_SECONDS * 1_000, concurrency: config.DATABASE_URL ? config.JOB_CONCURRENCY : 1 });
  if (config.DATABASE_URL) {
    // Other processes' relays listen for this; the embedded database has no other process.
    const notifier = new CoalescedNotifier(sql, (err) => logger.warn({ err }, 'outbox notify failed; relays will poll'));
    outboxSignal.on('committed', () => notifier.notify());
  }
  const metrics = new Metrics();
  registerDatabaseGauges(metrics, sql, clock, () => (orm.em.getKnex().client as { pool?: PoolStats }).pool);
  const idempotency = new IdempotencyService(new PgIdempotencyStore(sql), clock, (operation, outcome) => metrics.idempotentRequest(operation, outcome));
  return {
    config,
    logger,
    clock,
    live,
    em,
    sql,
    uow: new PgUnitOfWork(connections),
    tokens: new CryptoTokens(),
    outbox: new PgOutbox(sql, () => outboxSignal.emit('committed'), (eventType) => metrics.eventCommitted(eventType)),
    outboxSignal,
    scheduler: new PgScheduler(sql),
    jobs,
    idempotency,
    workerHooks: [],
    publicAddress: new PublicAddress(config.PUBLIC_BASE_URL, config.HOST, config.PORT),
    metrics,
    secretBox: secretBoxOf(config),
  };
}

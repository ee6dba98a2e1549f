import { CLAIM_BATCHES_IN_FLIGHT, RECORD_BATCHES_IN_FLIGHT } from '../../infra/webhooks/pg-delivery-work';

/** The PostgreSQL connections one process may open, by pool; `total` is their sum. */
export interface ConnectionBudget {
  /** The ORM's pool, shared by every unit of work and by raw statements (pg-connections.ts). */
  orm: number;
  /** Webhook attempt records and claim look-ups (durable commits). */
  webhookDurable: number;
  /** Webhook leases and rescue marks (synchronous_commit off). */
  webhookRelaxed: number;
  /** The outbox relay's LISTEN connection. */
  listen: number;
  total: number;
}

/**
 * Every connection a process opens, decided in one place. The ORM gets
 * DATABASE_POOL_SIZE. A process that runs the delivery workers on a real PostgreSQL
 * adds the webhook hot path's two pools, sized by what can be in flight at once (each
 * statement batch holds one connection; one more for look-ups, one for the rescue),
 * and the relay's LISTEN connection. The embedded database has one connection, shared
 * by everything. An api-only process opens the ORM's pool and nothing else.
 */
export function connectionBudget(o: { poolSize: number; embedded: boolean; runsWorkers: boolean }): ConnectionBudget {
  if (o.embedded) return { orm: 1, webhookDurable: 0, webhookRelaxed: 0, listen: 0, total: 1 };
  const webhookDurable = o.runsWorkers ? RECORD_BATCHES_IN_FLIGHT + 2 : 0;
  const webhookRelaxed = o.runsWorkers ? CLAIM_BATCHES_IN_FLIGHT + 1 : 0;
  const listen = o.runsWorkers ? 1 : 0;
  return { orm: o.poolSize, webhookDurable, webhookRelaxed, listen, total: o.poolSize + webhookDurable + webhookRelaxed + listen };
}

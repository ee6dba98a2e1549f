import type { Orm } from './orm';

/** How many queries wait for a connection of the ORM's pool (knex's tarn pool). */
export function poolWaiters(orm: Orm): () => number {
  const client = orm.em.getKnex().client as { pool?: { numPendingAcquires(): number } };
  return () => client.pool?.numPendingAcquires() ?? 0;
}

import type { Connection } from 'rabbitmq-client';

/**
 * RabbitMQ names and topology, all under one prefix (AMQP_PREFIX) so several
 * deployments, or test files, share a broker without meeting.
 *
 *   <p>.webhooks          direct exchange    delivery messages {d: deliveryId, n: attempts, due?},
 *                                            or batches {b: [[deliveryId, attempts], ...]},
 *                                            published (confirmed) by the outbox relay once
 *                                            the event's deliveries are saved
 *   <p>.webhooks.work     quorum queue       key 'work': one HTTP attempt per message;
 *                                            dead-letters (nack) to key 'park'
 *   <p>.webhooks.delay.<ms>  quorum queues   key 'delay.<ms>', x-message-ttl <ms>,
 *                                            dead-letter to key 'work' (retry tiers)
 *   <p>.webhooks.parking  quorum queue       key 'park': what the work queue dead-letters (only a
 *                                            broker policy does); drained with a warning,
 *                                            the sweeper rescues (docs/understand/webhook-delivery.md)
 *   <p>.live              fanout exchange    live events; one exclusive auto-delete
 *                                            queue per api instance
 *
 * Dead-lettering out of quorum queues is at-least-once (x-dead-letter-strategy, which
 * needs x-overflow reject-publish), so a message is never dropped between queues.
 */
export const DELAY_TIERS_MS = [100, 200, 400, 800, 1_600, 3_200, 6_400, 12_800, 25_600] as const;

export interface Topology {
  webhooks: string;
  workQueue: string;
  parkingQueue: string;
  delayQueue(ms: number): string;
  live: string;
}

export function topologyNames(prefix: string): Topology {
  return {
    webhooks: `${prefix}.webhooks`,
    workQueue: `${prefix}.webhooks.work`,
    parkingQueue: `${prefix}.webhooks.parking`,
    delayQueue: (ms: number) => `${prefix}.webhooks.delay.${ms}ms`,
    live: `${prefix}.live`,
  };
}

export const WORK_KEY = 'work';
export const PARK_KEY = 'park';
export const delayKey = (ms: number) => `delay.${ms}`;

const quorum = (extra: Record<string, unknown> = {}) => ({
  durable: true,
  arguments: { 'x-queue-type': 'quorum' as const, ...extra },
});
const safeDeadLetter = (exchange: string, routingKey: string) => ({
  'x-dead-letter-exchange': exchange,
  'x-dead-letter-routing-key': routingKey,
  'x-dead-letter-strategy': 'at-least-once',
  'x-overflow': 'reject-publish' as const,
});

/** Queue declarations, shared by the declaring code and the consumers (which re-declare on reconnect). */
export function queueOptions(t: Topology) {
  return {
    work: { queue: t.workQueue, ...quorum(safeDeadLetter(t.webhooks, PARK_KEY)) },
    parking: { queue: t.parkingQueue, ...quorum() },
    delay: (ms: number) => ({ queue: t.delayQueue(ms), ...quorum({ 'x-message-ttl': ms, ...safeDeadLetter(t.webhooks, WORK_KEY) }) }),
  };
}

/** Declares everything (idempotent: same arguments every time). */
export async function declareTopology(conn: Connection, prefix: string): Promise<Topology> {
  const t = topologyNames(prefix);
  const q = queueOptions(t);
  await conn.exchangeDeclare({ exchange: t.webhooks, type: 'direct', durable: true });
  await conn.exchangeDeclare({ exchange: t.live, type: 'fanout', durable: true });
  await conn.queueDeclare(q.work);
  await conn.queueBind({ queue: t.workQueue, exchange: t.webhooks, routingKey: WORK_KEY });
  await conn.queueDeclare(q.parking);
  await conn.queueBind({ queue: t.parkingQueue, exchange: t.webhooks, routingKey: PARK_KEY });
  for (const ms of DELAY_TIERS_MS) {
    await conn.queueDeclare(q.delay(ms));
    await conn.queueBind({ queue: t.delayQueue(ms), exchange: t.webhooks, routingKey: delayKey(ms) });
  }
  return t;
}

/** Removes a prefix's queues and exchanges (tests). */
export async function deleteTopology(conn: Connection, prefix: string): Promise<void> {
  const t = topologyNames(prefix);
  for (const queue of [t.workQueue, t.parkingQueue, ...DELAY_TIERS_MS.map((ms) => t.delayQueue(ms))]) {
    await conn.queueDelete({ queue }).catch(() => undefined);
  }
  for (const exchange of [t.webhooks, t.live]) await conn.exchangeDelete({ exchange }).catch(() => undefined);
}

/**
 * The retry tier for a remaining wait: the largest tier not above it. A message hops
 * through tiers until its due time (each hop re-checks), so any delay the policy picks
 * (jitter included) is honoured to within the smallest tier, without the head-of-line
 * blocking that per-message TTLs have in one queue (RabbitMQ expires only at the head).
 * null: due now (under half the smallest tier left).
 */
export function delayTierFor(remainingMs: number): number | null {
  if (!(remainingMs >= DELAY_TIERS_MS[0] / 2)) return null;
  let tier: number = DELAY_TIERS_MS[0];
  for (const ms of DELAY_TIERS_MS) if (ms <= remainingMs) tier = ms;
  return tier;
}

import { afterAll, describe, expect, it } from 'vitest';
import { Connection } from 'rabbitmq-client';
import type { LiveEvent } from '../../src/domain/shared/live-events';
import { AmqpLiveEvents } from '../../src/infra/live/amqp-live-events';
import { createLivePubSub } from '../../src/infra/live/in-process-live-events';
import { createLogger } from '../../src/infra/log/logger';
import { TEST_AMQP_URL, uniquePrefix } from './support/app';

const exchange = `${uniquePrefix('live')}.live`;
const instances: AmqpLiveEvents[] = [];
afterAll(async () => {
  await Promise.all(instances.map((i) => i.close()));
  const conn = new Connection(TEST_AMQP_URL);
  await conn.exchangeDelete({ exchange });
  await conn.close();
});

async function instance() {
  const pubSub = createLivePubSub();
  const live = await AmqpLiveEvents.start({ url: TEST_AMQP_URL, exchange, pubSub, logger: createLogger('silent') });
  instances.push(live);
  return { live, pubSub };
}

async function next(pubSub: ReturnType<typeof createLivePubSub>, topic: string, sellerId: string): Promise<LiveEvent> {
  const it = pubSub.subscribe(topic, sellerId)[Symbol.asyncIterator]();
  const r = await Promise.race([it.next(), new Promise<never>((_, rej) => setTimeout(() => rej(new Error('no live event')), 5_000))]);
  await it.return?.();
  return r.value as LiveEvent;
}

describe('live events over a RabbitMQ fanout exchange', () => {
  it('an event published on one api instance reaches the subscribers of every instance, per seller', async () => {
    const a = await instance();
    const b = await instance();
    const event: LiveEvent = { topic: 'TRANSACTION_UPDATED', sellerId: 'seller-1', resourceId: 'tx_1', payload: { id: 'tx_1', status: 'PAID' } };
    const onA = next(a.pubSub, 'TRANSACTION_UPDATED', 'seller-1');
    const onB = next(b.pubSub, 'TRANSACTION_UPDATED', 'seller-1');
    const onOtherSeller = next(b.pubSub, 'TRANSACTION_UPDATED', 'seller-2');
    a.live.publish(event);
    expect(await onA).toEqual(event);
    expect(await onB).toEqual(event);
    // The exchange keeps one publisher's order: what seller-2 gets first after seller-1's
    // event is this marker, so seller-1's event never reached seller-2's subscriber.
    const marker: LiveEvent = { topic: 'TRANSACTION_UPDATED', sellerId: 'seller-2', resourceId: 'tx_2', payload: { id: 'tx_2', status: 'PENDING' } };
    a.live.publish(marker);
    expect(await onOtherSeller).toEqual(marker);
  });
});

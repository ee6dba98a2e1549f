import { randomBytes } from 'node:crypto';
import { Connection } from 'rabbitmq-client';
import { vi } from 'vitest';
import type { DeliveryProcessor } from '../../../src/domain/webhooks/delivery-processor';
import type { WebhookSender } from '../../../src/domain/webhooks/webhooks.ports';
import type { OutboxEvent } from '../../../src/domain/events/outbox';
import { deleteTopology } from '../../../src/infra/amqp/topology';
import { startTestApp, type TestApp } from '../../support/app';
import { FlowingClock } from './clock';
import type { Receiver } from './receiver';
import { platformOf } from '../../support/platform';

export const TEST_AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** A unique exchange/queue prefix per test file, so files run in parallel on one broker. */
export const uniquePrefix = (name: string) => `pixpay-test-${name}-${randomBytes(4).toString('hex')}`;

export interface WebhookTestApp extends TestApp {
  prefix?: string;
}

/** The whole service with webhooks pointed at the local receiver (trusted CA, allow-listed). */
export async function startWebhookApp(receiver: Receiver, o: { amqp: boolean; name: string; env?: Record<string, string> }): Promise<WebhookTestApp> {
  const prefix = o.amqp ? uniquePrefix(o.name) : undefined;
  const app = await startTestApp(
    {
      WEBHOOK_ALLOW_HOSTS: receiver.allowHosts,
      WEBHOOK_CA_FILE: receiver.caFile,
      WEBHOOK_POLL_MS: '200',
      // The tests poll the delivery log every 50 ms while retries wait out their pauses; the
      // seller's budget for /v1/webhooks (60 a minute) is tested in test/rate-limits, not here.
      RATE_LIMIT_WEBHOOKS: '100000',
      ...(o.amqp ? { AMQP_URL: TEST_AMQP_URL, AMQP_PREFIX: prefix! } : {}),
      ...(o.env ?? {}),
    },
    new FlowingClock(),
  );
  return {
    ...app,
    prefix,
    close: async () => {
      await app.close();
      if (prefix) {
        const conn = new Connection(TEST_AMQP_URL);
        await deleteTopology(conn, prefix);
        await conn.close();
      }
    },
  };
}

let seq = 0;
/** Commits a status-change event the way every use case does: in a transaction, through the outbox. */
export async function emitEvent(app: TestApp, e: Partial<OutboxEvent> & { sellerId: string; payload: Record<string, unknown> }): Promise<string> {
  const { uow, outbox } = platformOf(app);
  return uow.run((tx) =>
    outbox.append(tx, {
      eventType: e.eventType ?? 'TRANSACTION_PAID',
      sellerId: e.sellerId,
      aggregateType: e.aggregateType ?? 'TRANSACTION',
      aggregateId: e.aggregateId ?? String(e.payload.id ?? `tx_${seq++}`),
      payload: e.payload,
      occurredAt: e.occurredAt ?? app.clock.now(),
    }),
  );
}

/**
 * Readiness signals for tests that must know the AMQP workers acted (not only that
 * nothing arrived yet): spies on their delivery processor and its sender. `outcomes`
 * says how each message of a delivery ended (`LEASED`, `DONE`...), `answersReceived`
 * how many attempts have had their answer (or failure). Restore them when done.
 */
export function watchAmqpDeliveries(app: TestApp) {
  const workers = app.services.webhookRuntime.amqpWorkers as unknown as { deps: { processor: DeliveryProcessor } } | undefined;
  if (!workers) throw new Error('the AMQP delivery workers are not running in this app');
  const processor = workers.deps.processor;
  const handling = vi.spyOn(processor, 'handleMessage');
  const sending = vi.spyOn((processor as unknown as { deps: { sender: WebhookSender } }).deps.sender, 'send');
  const settled = <R>(results: { type: string; value?: R }[]) => results.filter((r) => r.type !== 'incomplete');
  return {
    /** How the messages of `deliveryId` handled so far ended, in order. */
    outcomes: async (deliveryId: string) =>
      handling.mock.calls
        .map((args, i) => ({ id: args[0], result: handling.mock.settledResults[i] }))
        .filter((c) => c.id === deliveryId && c.result && c.result.type === 'fulfilled')
        .map((c) => (c.result!.value as { action: string }).action),
    answersReceived: async () => settled(sending.mock.settledResults).length,
    restore: () => {
      handling.mockRestore();
      sending.mockRestore();
    },
  };
}

/** A transaction payload with personal data, as the outbox holds it. */
export function paidTransaction(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    amount: 1050,
    paymentMethod: 'PIX',
    status: 'PAID',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:30.000Z',
    providerReference: `ref_${id}`,
    customer: { name: 'Maria Souza', email: 'maria@example.com', document: '529.982.247-25', phone: '+5511987654321' },
    metadata: { order: 'A-1', buyerCpf: '52998224725' },
    description: 'Pedido 42 — São Paulo/SP',
    ...extra,
  };
}

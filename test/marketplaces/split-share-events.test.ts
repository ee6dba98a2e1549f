import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seller } from '../support/app';
import { rest } from '../support/rest';
import { collect, wsClient } from '../support/subscriptions';
import { startWebhookApp, type WebhookTestApp } from '../webhooks/support/app';
import { independentVerify, Receiver, type ReceivedRequest } from '../webhooks/support/receiver';
import { createCharge, marketplaceWithTwoRecipients, payCharge, TX } from './support';

let receiver: Receiver;
let app: WebhookTestApp;
let market: Seller;
let shopA: Seller;
let shopB: Seller;
const secrets = new Map<string, string>();

const register = async (s: Seller, path: string, eventType: string) => {
  const hook = (await rest(app, 'POST', '/v1/webhooks', { key: s.apiKey, body: { eventType, url: receiver.url(path) } })).body.data as { secret: string };
  secrets.set(path, hook.secret);
};

beforeAll(async () => {
  receiver = await Receiver.start();
  app = await startWebhookApp(receiver, { amqp: false, name: 'split-shares' });
  ({ market, shopA, shopB } = await marketplaceWithTwoRecipients(app));
  await register(shopA, '/shop-a', 'SPLIT_SHARE');
  await register(shopB, '/shop-b', 'ALL');
  await register(market, '/market', 'ALL');
});
afterAll(async () => {
  await app?.close();
  await receiver?.stop();
});

const bodies = (path: string) => receiver.on(path).map((r) => JSON.parse(r.rawBody) as Record<string, unknown>);
const ofCharge = (path: string, id: string) => bodies(path).filter((b) => b.transactionId === id || b.id === id);
const signed = (path: string, r: ReceivedRequest) => independentVerify(r.rawBody, String(r.headers['x-webhook-timestamp']), secrets.get(path)!);

describe("a recipient's events: its own part only", () => {
  it('each recipient is told of its part, signed, through the outbox; nothing of the buyer nor of the other parts; live too', async () => {
    const sub = wsClient(app, shopA.apiKey);
    try {
      const live = collect(sub, 'subscription { splitShareUpdated { transactionId recipientId gross fee returned cause amount end2endId marketplaceId } }');
      await sub.connected;
      const customer = { name: 'Maria Souza', email: 'maria.souza@example.com', document: '52998224725', phone: '+5511987654321' };
      const splits = { recipients: [{ recipientId: shopA.sellerId, amount: 3_000 }, { recipientId: shopB.sellerId, basisPoints: 2_500 }] };
      const created = await createCharge(app, market, { amount: 10_000, customer, description: 'Pedido 123 de Maria', splits });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      const e2e = 'E12345678202611281200splitevent1';
      await payCharge(app, id, e2e);

      const credited = await live.next((v) => v.splitShareUpdated.transactionId === id, 10_000);
      expect(credited.splitShareUpdated).toEqual({
        transactionId: id, recipientId: shopA.sellerId, gross: 3_000, fee: 0, returned: 0, cause: 'PAYMENT', amount: 3_000, end2endId: e2e, marketplaceId: market.sellerId,
      });

      await receiver.waitFor(() => ofCharge('/shop-a', id).length === 1 && ofCharge('/shop-b', id).length === 1, 15_000, "each recipient's credit");
      const [a] = ofCharge('/shop-a', id);
      expect(a).toMatchObject({ eventType: 'SPLIT_SHARE_CREDITED', transactionId: id, recipientId: shopA.sellerId, marketplaceId: market.sellerId, end2endId: e2e, gross: 3_000, fee: 0, returned: 0, cause: 'PAYMENT', amount: 3_000 });
      expect(Object.keys(a!).sort()).toEqual(
        ['transactionId', 'marketplaceId', 'marketplaceName', 'recipientId', 'end2endId', 'gross', 'fee', 'returned', 'cause', 'amount', 'occurredAt', 'eventType', 'version', 'expires_at', 'signature'].sort(),
      );
      expect(ofCharge('/shop-b', id)[0]).toMatchObject({ eventType: 'SPLIT_SHARE_CREDITED', recipientId: shopB.sellerId, gross: 2_500 });
      const requestA = receiver.on('/shop-a').find((r) => r.rawBody.includes(id))!;
      expect(signed('/shop-a', requestA)).toBe(true);
      // Isolation: neither the buyer, the charge's description and amount, nor another party's part.
      for (const path of ['/shop-a', '/shop-b']) {
        const raw = receiver.on(path).filter((r) => r.rawBody.includes(id)).map((r) => r.rawBody).join('\n');
        for (const secret of ['Maria', 'maria.souza', '52998224725', '987654321', 'Pedido', '10000', '4500']) expect(raw).not.toContain(secret);
      }
      expect(JSON.stringify(ofCharge('/shop-a', id))).not.toContain(shopB.sellerId);
      expect(JSON.stringify(ofCharge('/shop-b', id))).not.toContain(shopA.sellerId);

      // A refund reverses each part and tells each recipient what it gave back.
      const refund = await rest(app, 'POST', `${TX}/${id}/refund`, { key: market.apiKey, body: { amount: 1_000 }, idempotencyKey: randomUUID() });
      expect(refund.status).toBe(200);
      await receiver.waitFor(() => ofCharge('/shop-a', id).length === 2, 15_000, "A's reversal");
      expect(ofCharge('/shop-a', id)[1]).toMatchObject({ eventType: 'SPLIT_SHARE_REVERSED', cause: 'REFUND', amount: 300, returned: 300, gross: 3_000 });
      await live.next((v) => v.splitShareUpdated.transactionId === id && v.splitShareUpdated.cause === 'REFUND', 10_000);

      // The marketplace follows the charge through its TRANSACTION events, never a recipient's.
      await receiver.waitFor(() => ofCharge('/market', id).some((b) => b.eventType === 'TRANSACTION_PARTIALLY_REFUNDED'), 15_000, "the marketplace's events");
      expect(ofCharge('/market', id).filter((b) => String(b.eventType).startsWith('SPLIT_SHARE'))).toEqual([]);
      // The recipient registered for SPLIT_SHARE alone gets nothing of the charge's own events.
      expect(ofCharge('/shop-a', id).map((b) => b.eventType)).toEqual(['SPLIT_SHARE_CREDITED', 'SPLIT_SHARE_REVERSED']);
    } finally {
      await sub.dispose();
    }
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import type { TestApp } from '../support/app';
import { drainJobs, outboxEventTypes, sqlOf } from '../support/platform';
import { rest } from '../support/rest';
import { verifyWebhook } from '../../src/domain/webhooks/signature';
import type { Receiver } from '../webhooks/support/receiver';
import { useProductionPspApp } from './apipix-app';
import { control, until } from './psp';

let sim: RunningSimulator;
let app: TestApp;
let liveKey: string;
let receiver: Receiver;

useProductionPspApp({}, (t) => ({ sim, app, liveKey, receiver } = t));

describe('production mode with a PSP speaking API Pix', () => {
  it('a live key creates a real charge, the payer pays, the confirmed callback makes it PAID, credits the wallet and sends the signed webhook; a partial refund is DEVOLVIDO', async () => {
    expect(liveKey).toMatch(/^sk_live_/);
    const hook = await rest(app, 'POST', '/v1/webhooks', { key: liveKey, body: { eventType: 'TRANSACTION', url: receiver.url('/pixpay') } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const created = await rest(app, 'POST', '/api/v1/cobranca/transactions', { key: liveKey, body: { amount: 2_500, description: 'Pedido real' }, idempotencyKey: randomUUID() });
    expect(created.status).toBe(201);
    const t = created.body.data;
    const cob = sim.psp.cobs.toJson(sim.psp.cobs.get(t.providerReference)!) as Record<string, any>;
    expect(t.pix.copyPaste).toBe(cob.pixCopiaECola);
    const before = (await rest(app, 'GET', '/balance-statement', { bearer: liveKey })).body.data.available as number;
    expect((await control(sim, 'POST', `/_control/cob/${t.providerReference}/pay`, {})).status).toBe(201);
    let now = t;
    await until(async () => (now = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${t.id}`, { key: liveKey })).body.data).status === 'PAID', 'the charge to be paid');
    expect((await rest(app, 'GET', '/balance-statement', { bearer: liveKey })).body.data.available).toBe(before + now.netAmount);
    expect(await outboxEventTypes(app, t.id)).toContain('TRANSACTION_PAID');

    // The seller's webhook: what a worker does (relay the outbox, deliver), done here in this api process.
    const { relay, embeddedWorker } = app.services.webhookRuntime;
    const paidHooks = () => receiver.on('/pixpay').filter((r) => (JSON.parse(r.rawBody) as { eventType?: string }).eventType === 'TRANSACTION_PAID');
    await until(async () => {
      await relay.relayOnce();
      await embeddedWorker!.runDue();
      return paidHooks().length > 0;
    }, 'the TRANSACTION_PAID webhook to reach the receiver');
    const [delivered] = paidHooks();
    const verified = verifyWebhook({ rawBody: delivered!.rawBody, timestampHeader: String(delivered!.headers['x-webhook-timestamp']), secret: hook.body.data.secret, now: app.clock.now() });
    expect(verified.ok).toBe(true);
    expect(verified.ok && verified.event).toMatchObject({ eventType: 'TRANSACTION_PAID', id: t.id, status: 'PAID', amount: 2_500, end2endId: now.end2endId });
    // One changed byte and the signature no longer holds.
    const tampered = delivered!.rawBody.replace('"amount":2500', '"amount":2501');
    expect(tampered).not.toBe(delivered!.rawBody);
    expect(verifyWebhook({ rawBody: tampered, timestampHeader: String(delivered!.headers['x-webhook-timestamp']), secret: hook.body.data.secret, now: app.clock.now() })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });

    // A partial refund: the PSP takes the devolução and settles it DEVOLVIDO (its callback).
    const refunded = await rest(app, 'POST', `/api/v1/cobranca/transactions/${t.id}/refund`, { key: liveKey, body: { amount: 1_000 }, idempotencyKey: randomUUID() });
    expect(refunded.body.data).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 1_000 });
    expect((await rest(app, 'GET', '/balance-statement', { bearer: liveKey })).body.data.available).toBe(before + now.netAmount - 1_000);
    await drainJobs(app);
    const refundId = (await sqlOf(app).one<{ id: string }>('select id from transaction_refunds where transaction_id = ?', [t.id]))!.id;
    await until(async () => (await sqlOf(app).one<{ status: string }>('select status from transaction_refunds where id = ?', [refundId]))!.status === 'RETURNED', 'the refund to be returned');
    expect(sim.psp.pix.devolucoesOf(sim.psp.pix.find(now.end2endId)!).map((d) => [d.id, d.valor, d.status])).toEqual([[refundId, '10.00', 'DEVOLVIDO']]);
    expect((await rest(app, 'GET', '/balance-statement', { bearer: liveKey })).body.data.available).toBe(before + now.netAmount - 1_000);
  });
});

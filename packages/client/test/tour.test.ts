import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../../src/infra/security/otplib-totp';
import { gql, onboardSeller } from '../../../test/support/app';
import { startWebhookApp, type WebhookTestApp } from '../../../test/webhooks/support/app';
import { Receiver } from '../../../test/webhooks/support/receiver';
import { AuthenticationError, type CreateWithdrawal, MfaRequiredError, toArray } from '../src/index.js';
import { webhooks, WebhookVerificationError } from '../src/webhooks/index.js';
import { sdk } from './support/service';

let receiver: Receiver;
let app: WebhookTestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;

beforeAll(async () => {
  receiver = await Receiver.start();
  app = await startWebhookApp(receiver, { amqp: false, name: 'sdk-tour' });
  seller = await onboardSeller(app);
});
afterAll(async () => {
  await app?.close();
  await receiver?.stop();
});

const paidDeliveryOf = (path: string, id: string) =>
  receiver.on(path).find((r) => r.rawBody.includes('"TRANSACTION_PAID"') && r.rawBody.includes(`"id":"${id}"`));

describe("the README's tour through the SDK", () => {
  it('key, webhook, charge and its QR image, payment in the sandbox, balance, wallet, statement, a verified delivery, a withdrawal', async () => {
    await expect(sdk(app, 'sk_test_wrong').balance.get()).rejects.toBeInstanceOf(AuthenticationError);
    const pixpay = sdk(app, seller.apiKey);

    const hook = await pixpay.webhooks.register({ eventType: 'ALL', url: receiver.url('/tour') });
    expect(hook.secret!).toMatch(/^whsec_/);

    const charge = await pixpay.transactions.create({
      amount: 5000,
      description: 'Pedido 42',
      expiration: 3600,
      customer: { name: 'Maria Souza', email: 'maria@example.com', document: '529.982.247-25' },
    });
    expect(charge).toMatchObject({ amount: 5000, status: 'PENDING', paymentMethod: 'PIX' });
    expect(charge.pix?.copyPaste).toMatch(/^000201/);
    const qr = new Uint8Array(await (await fetch(charge.pix!.qrCode!)).arrayBuffer());
    expect(new TextDecoder().decode(qr.subarray(1, 4))).toBe('PNG');

    expect((await pixpay.sandbox.payTransaction(charge.id)).status).toBe('PAID');
    const paid = await pixpay.transactions.get(charge.id);
    expect(paid.status).toBe('PAID');
    const net = paid.amount - paid.feeAmount!;
    expect(paid.netAmount).toBe(net);

    expect(await pixpay.balance.get()).toEqual({ available: net, blocked: 0, total: net, debt: 0, currency: 'BRL' });
    const wallet = await pixpay.wallet.get();
    expect([wallet.balancePix, wallet.balanceTotal]).toEqual([net, net]);
    const statement = await pixpay.statement.list({ take: 5 });
    expect(statement.data.map((e) => [e.type, e.amount])).toEqual([
      ['DEBIT', paid.feeAmount],
      ['CREDIT', 5000],
    ]);

    await receiver.waitFor(() => paidDeliveryOf('/tour', charge.id) !== undefined, 15_000, 'the TRANSACTION_PAID delivery');
    const delivery = paidDeliveryOf('/tour', charge.id)!;
    const verified = webhooks.verify(delivery.rawBody, delivery.headers, hook.secret!);
    expect(verified.event).toMatchObject({ id: charge.id, status: 'PAID', eventType: 'TRANSACTION_PAID' });
    expect(verified.webhookId).toMatch(/^evt_/);
    expect(() => webhooks.verify(delivery.rawBody.replace('"PAID"', '"REFUNDED"'), delivery.headers, hook.secret!)).toThrow(WebhookVerificationError);

    const withdrawal = await pixpay.withdrawals.create({ amount: 1000, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'maria@example.com' });
    expect([withdrawal.status, withdrawal.amount]).toEqual(['PENDING', 1000]);
  });

  it('with 2FA on, a withdrawal without the code is MfaRequiredError; with totpCode it is created', async () => {
    const pixpay = sdk(app, seller.apiKey);
    const enrolled = await gql(app, 'mutation { enrolTwoFactor { secret } }', {}, seller.session);
    const secret = enrolled.data!.enrolTwoFactor.secret as string;
    const confirmed = await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ twoFactorEnabled } }', { c: totpCode(secret, app.clock.now()) }, seller.session);
    expect(confirmed.data).toEqual({ confirmTwoFactor: { twoFactorEnabled: true } });

    const body: CreateWithdrawal = { amount: 500, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'maria@example.com' };
    const refused = await pixpay.withdrawals.create(body).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MfaRequiredError);
    expect(refused).toMatchObject({ code: 'MFA_REQUIRED', statusCode: 403, format: 'cobranca' });

    app.clock.advance(30_000); // a code is accepted once: the next step's
    const created = await pixpay.withdrawals.create(body, { totpCode: totpCode(secret, app.clock.now()) });
    expect(created.status).toBe('PENDING');
  });

  it('pagination helpers walk every page of charges, withdrawals and the statement', async () => {
    const s = await onboardSeller(app);
    const pixpay = sdk(app, s.apiKey);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await pixpay.transactions.create({ amount: 1000 + i });
      await pixpay.sandbox.payTransaction(c.id);
      ids.push(c.id);
    }
    const charges = await toArray(pixpay.transactions.listAll({}, { pageSize: 2 }));
    expect(charges.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(await toArray(pixpay.transactions.listAll({ status: 'PAID' }, { pageSize: 2 }), 3)).toHaveLength(3);

    for (let i = 0; i < 3; i++) await pixpay.withdrawals.create({ amount: 500 + i, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'maria@example.com' });
    expect((await toArray(pixpay.withdrawals.listAll({}, { pageSize: 2 }))).map((w) => w.amount).sort()).toEqual([500, 501, 502]);

    const entries = await toArray(pixpay.statement.listAll({}, { pageSize: 3 }));
    expect(entries).toHaveLength((await pixpay.statement.list()).count);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  });

  it('webhook management: list, update, a signed test event and its delivery, delete', async () => {
    const s = await onboardSeller(app);
    const pixpay = sdk(app, s.apiKey);
    const hook = await pixpay.webhooks.register({ eventType: 'TRANSACTION', url: receiver.url('/managed') });
    expect((await pixpay.webhooks.list()).map((w) => w.id)).toEqual([hook.id]);
    expect((await pixpay.webhooks.update(hook.id, { description: 'shop' })).description).toBe('shop');

    const test = await pixpay.webhooks.sendTest(hook.id);
    await receiver.waitFor(() => receiver.on('/managed').some((r) => r.rawBody.includes('WEBHOOK_TEST')), 15_000, 'the test event');
    const received = receiver.on('/managed').find((r) => r.rawBody.includes('WEBHOOK_TEST'))!;
    expect(webhooks.verify(received.rawBody, received.headers, hook.secret!).event.eventType).toBe('WEBHOOK_TEST');
    expect((await pixpay.webhooks.delivery(test.id)).id).toBe(test.id);
    expect((await pixpay.webhooks.deliveriesOf(hook.id)).items.map((d) => d.id)).toContain(test.id);

    expect((await pixpay.webhooks.delete(hook.id)).deleted).toBe(true);
    expect(await pixpay.webhooks.list()).toEqual([]);
  });

  it('the other calls answer what their types say, each answer contract-checked', async () => {
    const s = await onboardSeller(app);
    const pixpay = sdk(app, s.apiKey);
    const disputed = await pixpay.transactions.create({ amount: 3000 });
    const refunded = await pixpay.transactions.create({ amount: 2000 });
    for (const c of [disputed, refunded]) await pixpay.sandbox.payTransaction(c.id);

    expect((await pixpay.transactions.refund(refunded.id, { amount: 500 })).status).toBe('PARTIALLY_REFUNDED');
    expect((await pixpay.transactions.list({ status: 'PAID' })).items.map((t) => t.id)).toEqual([disputed.id]);

    const { dispute } = await pixpay.sandbox.openDispute(disputed.id);
    expect((await pixpay.disputes.get(dispute.id)).id).toBe(dispute.id);
    expect((await pixpay.disputes.list()).count).toBe(1);
    expect((await pixpay.sandbox.decideDispute(dispute.id, { outcome: 'WON' })).applied).toBe(true);

    const w = await pixpay.withdrawals.create({ amount: 500, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'maria@example.com' });
    expect((await pixpay.withdrawals.get(w.id)).id).toBe(w.id);
    expect(await pixpay.withdrawals.csv()).toContain(w.id);
    expect((await pixpay.sandbox.reportWithdrawal(w.id, { status: 'CANCELED' })).withdrawal.status).toBe('CANCELED');

    expect((await pixpay.statement.summary()).totalCredits).toBeGreaterThanOrEqual(5000);
    expect((await pixpay.webhooks.postbackSecret()).secret).toMatch(/^whsec_/);
    expect((await pixpay.webhooks.resendTransactionEvents({ transactionIds: [refunded.id] })).results).toHaveLength(1);
    expect((await pixpay.dataSubject.export()).message).toEqual(expect.any(String));
    expect((await pixpay.health.get()).checks.database).toBe('ok');
    expect((await pixpay.health.live()).status).toBe('ok');
  });
});

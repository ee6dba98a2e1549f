import { beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/infra/security/otplib-totp';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import type { TestApp } from '../support/app';
import { outboxEventTypes, runDueJobs } from '../support/platform';
import { rest } from '../support/rest';
import type { Receiver } from '../webhooks/support/receiver';
import { createWithdrawal, fund, WD } from '../withdrawals/support';
import { signedDelivery, useProductionPspApp } from './apipix-app';
import { control, until } from './psp';

let sim: RunningSimulator;
let app: TestApp;
let liveKey: string;
let sellerId: string;
let totpSecret: string;
let receiver: Receiver;

useProductionPspApp({ APIPIX_PROFILE: 'efi', PAYOUT_PROVIDER: 'efi' }, (t) => ({ sim, app, liveKey, sellerId, totpSecret, receiver } = t));
// The withdrawal's code is a later one than the code that confirmed 2FA.
beforeAll(() => app.clock.advance(30_000));

describe('production mode: a withdrawal paid out through Efí', () => {
  it('a live key with 2FA creates a withdrawal, Efí sends it, REALIZADO makes it PAID and the seller gets WITHDRAWAL_PAID signed', async () => {
    expect(liveKey).toMatch(/^sk_live_/);
    const hook = await rest(app, 'POST', '/v1/webhooks', { key: liveKey, body: { eventType: 'WITHDRAWAL', url: receiver.url('/pixpay') } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    await control(sim, 'PUT', '/_control/payouts', { mode: 'manual' });
    await fund(app, sellerId, 5_100);
    const created = await createWithdrawal(app, liveKey, { amount: 5_000, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'fornecedor@example.com' }, { code: totpCode(totpSecret, app.clock.now()) });
    expect(created.status).toBe(201);
    const w = created.body.data;
    await runDueJobs(app);
    const payout = sim.psp.payouts.get(`W${w.id}`);
    expect(payout).toMatchObject({ valor: '50.00', status: 'EM_PROCESSAMENTO', favorecido: { chave: 'fornecedor@example.com' } });
    expect((await control(sim, 'POST', `/_control/payouts/W${w.id}/settle`, { status: 'REALIZADO' })).status).toBe(200);
    await until(async () => (await rest(app, 'GET', `${WD}/${w.id}`, { key: liveKey })).body.data.status === 'PAID', 'the withdrawal to be PAID');
    expect((await rest(app, 'GET', `${WD}/${w.id}`, { key: liveKey })).body.data.end2end).toBe(payout!.endToEndId);
    expect(await outboxEventTypes(app, w.id)).toContain('WITHDRAWAL_PAID');

    // The seller's webhook, delivered and signed.
    const event = await signedDelivery(app, receiver, '/pixpay', 'WITHDRAWAL_PAID', hook.body.data.secret);
    expect(event).toMatchObject({ eventType: 'WITHDRAWAL_PAID', id: w.id, status: 'PAID', amount: 5_000, end2end: payout!.endToEndId });
  });
});

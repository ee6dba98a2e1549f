import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import type { Seller, TestApp } from '../support/app';
import { runDueJobs } from '../support/platform';
import { rest } from '../support/rest';
import { createWithdrawal, fund, WD } from '../withdrawals/support';
import { control, until } from './psp';
import { useApiPixApp } from './apipix-app';

const FLOAT_READ_SECONDS = 5;
let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;

useApiPixApp(
  {
    // PAYOUT_KEY_CONCURRENCY unset: Efí's profile, one payout awaiting its outcome at a time.
    env: () => ({ APIPIX_PROFILE: 'efi', PAYOUT_PROVIDER: 'efi', PAYOUT_POLL_SECONDS: '60', PAYOUT_FLOAT_READ_SECONDS: String(FLOAT_READ_SECONDS) }),
    callbackSecret: 'c'.repeat(8) + randomBytes(24).toString('hex'),
  },
  (t) => ({ sim, app, seller } = t),
);
beforeEach(async () => {
  await control(sim, 'PUT', '/_control/payouts', { mode: 'manual', loseNext: 0 });
});

const get = async (id: string) => (await rest(app, 'GET', `${WD}/${id}`, { key: seller.apiKey })).body.data;
const atPsp = async (id: string) => ((await control(sim, 'GET', '/_control/payouts')).body.payouts as Array<{ idEnvio: string; status: string }>).find((p) => p.idEnvio === `W${id}`);
const settle = (id: string) => control(sim, 'POST', `/_control/payouts/W${id}/settle`, { status: 'REALIZADO' });

async function created(amount: number): Promise<{ id: string }> {
  await fund(app, seller.sellerId, amount + 100);
  const res = await createWithdrawal(app, seller.apiKey, { amount, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'recebedor@example.com' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('one payout from the paying key at a time (Efí profile)', () => {
  it('the second withdrawal is not sent before the outcome of the first', async () => {
    const first = await created(1_000);
    const second = await created(2_000);
    await runDueJobs(app);
    expect(await atPsp(first.id)).toMatchObject({ status: 'EM_PROCESSAMENTO' });
    expect(await atPsp(second.id)).toBeUndefined();
    expect((await get(second.id)).status).toBe('PENDING');

    // Its job runs again while the first is still at the PSP: nothing is sent.
    app.clock.advance(FLOAT_READ_SECONDS * 1_000);
    await runDueJobs(app);
    expect(await atPsp(second.id)).toBeUndefined();

    // The first's outcome (webhook, read back) frees the key: the waiting job is due at once.
    await settle(first.id);
    await until(async () => (await get(first.id)).status === 'PAID', 'the first withdrawal to be PAID');
    await runDueJobs(app);
    expect(await atPsp(second.id)).toMatchObject({ status: 'EM_PROCESSAMENTO' });
    await settle(second.id);
    await until(async () => (await get(second.id)).status === 'PAID', 'the second withdrawal to be PAID');
  });
});

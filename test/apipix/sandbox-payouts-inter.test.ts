import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import type { Seller, TestApp } from '../support/app';
import { rest } from '../support/rest';
import { available, createWithdrawal, fund, outboxEvents, runFor, WD } from '../withdrawals/support';
import { control } from './psp';
import { useApiPixApp } from './apipix-app';

let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;

useApiPixApp(
  {
    env: (s) => ({ APIPIX_PROFILE: 'inter', PAYOUT_PROVIDER: 'inter', APIPIX_SIMULATOR_CONTROL_URL: `${s.url}/_control` }),
    callbackSecret: 'c'.repeat(8) + randomBytes(24).toString('hex'),
  },
  (t) => ({ sim, app, seller } = t),
);
beforeEach(async () => {
  await control(sim, 'PUT', '/_control/payouts', { mode: 'manual', loseNext: 0 });
});

const get = async (id: string) => (await rest(app, 'GET', `${WD}/${id}`, { key: seller.apiKey })).body.data;
/** Inter knows a payout by its codigoSolicitacao; our identifier leads its descricao. */
const atPsp = async (id: string) =>
  ((await control(sim, 'GET', '/_control/payouts')).body.payouts as Array<{ idEnvio: string; status: string; endToEndId: string; infoPagador?: string; psp?: string }>).find(
    (p) => p.infoPagador?.split(' ')[0] === `W${id}`,
  );
const report = (id: string, body: Record<string, unknown>) => rest(app, 'POST', `/v1/sandbox/withdrawals/${id}/report`, { key: seller.apiKey, body });

async function created(amount: number): Promise<{ id: string }> {
  await fund(app, seller.sellerId, amount + 100);
  const res = await createWithdrawal(app, seller.apiKey, { amount, method: 'PIX', pixKeyType: 'EMAIL', pixKey: 'recebedor@example.com' });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('the sandbox on Banco Inter, acted at the PSP simulator', () => {
  it("the script sends the payout at PROCESSING and Inter settles it at PAID: the PSP's end-to-end id, the step's processedAt", async () => {
    const w = await created(1_007);
    await runFor(app, 2_000);
    expect(await atPsp(w.id)).toMatchObject({ psp: 'inter', status: 'EM_PROCESSAMENTO', valor: '10.07' });
    await runFor(app, 1_000);
    const payout = await atPsp(w.id);
    expect(payout).toMatchObject({ status: 'REALIZADO' });
    expect(await get(w.id)).toMatchObject({ status: 'PAID', end2end: payout!.endToEndId, processedAt: app.clock.now().toISOString() });
  });

  it('a failing magic amount is refused at Inter (NAO_REALIZADO), FAILED and refunded once', async () => {
    const before = await available(app, seller.apiKey);
    const w = await created(1_002);
    await runFor(app, 4_000);
    expect(await atPsp(w.id)).toMatchObject({ status: 'NAO_REALIZADO' });
    expect(await get(w.id)).toMatchObject({ status: 'FAILED', failureReason: expect.stringMatching(/sandbox: /) });
    expect((await outboxEvents(app, w.id)).map((e) => e.eventType)).toEqual(['WITHDRAWAL_CREATED', 'WITHDRAWAL_APPROVED', 'WITHDRAWAL_PROCESSING', 'WITHDRAWAL_FAILED']);
    // Funded with its amount + fee, debited, then refunded once.
    expect(await available(app, seller.apiKey)).toBe(before + 1_102);
  });

  it('the report route: PAID on a PENDING withdrawal sends it to Inter and settles it there', async () => {
    const w = await created(1_500);
    const res = await report(w.id, { status: 'PAID' });
    expect(res.body.data).toMatchObject({ applied: true, transitions: ['APPROVED', 'PROCESSING', 'PAID'], withdrawal: { status: 'PAID' } });
    const payout = await atPsp(w.id);
    expect(payout).toMatchObject({ psp: 'inter', status: 'REALIZADO' });
    expect(res.body.data.withdrawal.end2end).toBe(payout!.endToEndId);
  });
});

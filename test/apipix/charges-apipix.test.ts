import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import type { Seller, TestApp } from '../support/app';
import { rest } from '../support/rest';
import { control, until, PIX_KEY, pspFaults } from './psp';
import { useApiPixApp } from './apipix-app';

const TX = '/api/v1/cobranca/transactions';
let sim: RunningSimulator;
let app: TestApp;
let seller: Seller;

/** Every call to the PSP and its answer, checked against the Central Bank's API Pix. */
useApiPixApp({ env: () => ({ APIPIX_TIMEOUT_MS: '500' }) }, (t) => ({ sim, app, seller } = t));

const create = (body: Record<string, unknown>, key: string = randomUUID()) => rest(app, 'POST', TX, { key: seller.apiKey, body, idempotencyKey: key });
const cobAtPsp = (txid: string) => {
  const cob = sim.psp.cobs.get(txid);
  return cob ? (sim.psp.cobs.toJson(cob) as Record<string, any>) : null;
};
const chargesOfSeller = async () => (await rest(app, 'GET', `${TX}?limit=100`, { key: seller.apiKey })).body;


describe('PIX charges through a PSP speaking API Pix (INSTITUTION=apipix)', () => {
  it('registers the cob first and answers 201 with the PSP copy-and-paste code and our QR image URL', async () => {
    const res = await create({ amount: 1234, description: 'Pedido 7', customer: { name: 'Maria Souza', document: '529.982.247-25' } });
    expect(res.status).toBe(201);
    const t = res.body.data;
    expect(t.providerReference).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    const cob = cobAtPsp(t.providerReference)!;
    expect(cob).toMatchObject({
      status: 'ATIVA',
      calendario: { expiracao: 3600 },
      valor: { original: '12.34' },
      chave: PIX_KEY,
      solicitacaoPagador: 'Pedido 7',
      devedor: { cpf: '52998224725', nome: 'Maria Souza' },
    });
    expect(t.pix.copyPaste).toBe(cob.pixCopiaECola);
    expect(t.pix.qrCode).toMatch(/\/pix\/qr\/[a-z0-9]+\.png$/);
    const image = await fetch(t.pix.qrCode);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('/health/ready reports that a token can be had from the PSP', async () => {
    const ready = await rest(app, 'GET', '/health/ready');
    expect([ready.status, ready.body.checks.institution]).toEqual([200, 'ok']);
  });

  it('cuts the description to the 140 characters of solicitacaoPagador', async () => {
    const res = await create({ amount: 500, description: 'x'.repeat(300) });
    expect(res.status).toBe(201);
    expect(cobAtPsp(res.body.data.providerReference)!.solicitacaoPagador).toBe('x'.repeat(140));
  });

  it('a PSP that is down answers 503 INSTITUTION_UNAVAILABLE with Retry-After, and nothing is made', async () => {
    const before = (await chargesOfSeller()).total ?? (await chargesOfSeller()).data.length;
    const cobs = sim.psp.cobs.count;
    // Both attempts of the PUT fail (it is retried once); fewer failures than open the circuit.
    await pspFaults(sim, { failNext: 2, failStatus: 503 });
    try {
      const res = await create({ amount: 990 });
      expect(res.status).toBe(503);
      expect(res.body.erro ?? res.body.code).toBe('INSTITUTION_UNAVAILABLE');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await pspFaults(sim, { failNext: 0 });
    }
    const after = (await chargesOfSeller()).total ?? (await chargesOfSeller()).data.length;
    expect(after).toBe(before);
    expect(sim.psp.cobs.count).toBe(cobs);
  });

  it('a create whose PSP answer came too late is retried with the same key onto the same txid: one cob, one charge', async () => {
    const key = randomUUID();
    const body = { amount: 4321, description: 'tarde' };
    const cobs = sim.psp.cobs.count;
    await pspFaults(sim, { latencyMs: 800, pathPattern: '^/cob/' });
    const late = await create(body, key);
    expect(late.status).toBe(503);
    // The PSP took the cob after our deadline passed.
    await until(() => sim.psp.cobs.count === cobs + 1, 'the late cob');
    await pspFaults(sim, { latencyMs: 0, pathPattern: null });
    const retried = await create(body, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    const cob = cobAtPsp(retried.body.data.providerReference)!;
    expect(cob.valor.original).toBe('43.21');
    expect(retried.body.data.pix.copyPaste).toBe(cob.pixCopiaECola);
    expect(sim.psp.cobs.count).toBe(cobs + 1);
    const replay = await create(body, key);
    expect([replay.status, replay.headers.get('idempotent-replayed'), replay.body.data.id]).toEqual([201, 'true', retried.body.data.id]);
  });

  it('the same key with another body is a conflict and reaches no PSP', async () => {
    const key = randomUUID();
    expect((await create({ amount: 100 }, key)).status).toBe(201);
    const cobs = sim.psp.cobs.count;
    const conflict = await create({ amount: 200 }, key);
    expect(conflict.status).toBe(422);
    expect(sim.psp.cobs.count).toBe(cobs);
  });
});

afterAll(() => control(sim, 'POST', '/_control/reset').catch(() => undefined));

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPix, control, startTestSimulator, tokenFor, type TestSimulator } from '../support/psp-simulator';

const DAY = '2026-11-24';
// The day at Brasília's offset, the seed's default.
const INICIO = '2026-11-24T00:00:00-03:00';
const FIM = '2026-11-24T23:59:59.999-03:00';

describe('PSP simulator: a seeded day of a million received Pix', () => {
  let sim: TestSimulator;
  let token: string;
  beforeAll(async () => {
    sim = await startTestSimulator();
    token = await tokenFor(sim);
  });
  afterAll(() => sim.close());

  it('holds 1,000,000 Pix in little memory and pages through them', async () => {
    global.gc?.();
    const before = process.memoryUsage();
    const seeded = await control(sim, 'POST', '/seed', { date: DAY, count: 1_000_000 });
    expect(seeded.status).toBe(201);
    expect(seeded.body.pix).toBe(1_000_000);
    const after = process.memoryUsage();
    // Columns of numbers: about 22 bytes a Pix (the typed arrays grow by doubling).
    const grown = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
    expect(grown).toBeLessThan(80 * 1024 * 1024);

    const first = await apiPix(sim, token, 'GET', `/pix?inicio=${INICIO}&fim=${FIM}&paginacao.itensPorPagina=1000`);
    expect(first.status).toBe(200);
    expect(first.body.parametros.paginacao).toEqual({ paginaAtual: 0, itensPorPagina: 1000, quantidadeDePaginas: 1000, quantidadeTotalDeItens: 1_000_000 });
    expect(first.body.pix).toHaveLength(1000);
    const last = await apiPix(sim, token, 'GET', `/pix?inicio=${INICIO}&fim=${FIM}&paginacao.itensPorPagina=1000&paginacao.paginaAtual=999`);
    expect(last.body.pix).toHaveLength(1000);
    const times = last.body.pix.map((p: { horario: string }) => Date.parse(p.horario));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const sample = last.body.pix[500];
    expect(sample.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect((await apiPix(sim, token, 'GET', `/pix/${sample.endToEndId}`)).body).toEqual(sample);

    // A later payment of another day keeps the order without re-sorting the million.
    const paid = await control(sim, 'POST', '/pix', { valor: '1.00', chave: 'recebedor@example.com' });
    const now = await apiPix(sim, token, 'GET', `/pix?inicio=${new Date(Date.now() - 60_000).toISOString()}&fim=${new Date(Date.now() + 60_000).toISOString()}`);
    expect(now.body.pix.map((p: { endToEndId: string }) => p.endToEndId)).toEqual([paid.body.endToEndId]);
    expect(sim.drift).toEqual([]);
  });
});

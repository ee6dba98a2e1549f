import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode, verifyBrCode } from '../../src/domain/pix/br-code';
import { apiPix, control, newTxid, startTestSimulator, tokenFor, type TestSimulator } from '../support/psp-simulator';

const COB = {
  calendario: { expiracao: 3600 },
  devedor: { cpf: '52998224725', nome: 'Fulano de Tal' },
  valor: { original: '123.45' },
  chave: 'recebedor@example.com',
  solicitacaoPagador: 'Pedido 42',
};

describe('PSP simulator: cob lifecycle', () => {
  let sim: TestSimulator;
  let token: string;
  beforeAll(async () => {
    sim = await startTestSimulator();
    token = await tokenFor(sim);
  });
  afterEach(() => {
    expect(sim.drift).toEqual([]);
  });
  afterAll(() => sim.close());

  it('PUT /cob/{txid} creates an ATIVA cob with loc, location and a BR Code pointing at it', async () => {
    const txid = newTxid();
    const created = await apiPix(sim, token, 'PUT', `/cob/${txid}`, COB);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ txid, revisao: 0, status: 'ATIVA', valor: { original: '123.45' }, chave: COB.chave, devedor: COB.devedor, calendario: { expiracao: 3600 } });
    expect(created.body.location).toBe(created.body.loc.location);
    expect(created.body.location.startsWith(`127.0.0.1:${sim.port}/`)).toBe(true);
    const brCode = created.body.pixCopiaECola as string;
    expect(verifyBrCode(brCode)).toBe(true);
    expect(parseBrCode(brCode).locationUrl).toBe(created.body.location);
    const read = await apiPix(sim, token, 'GET', `/cob/${txid}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('the same PUT again answers the same cob; another body on an ATIVA cob is a new revision', async () => {
    const txid = newTxid();
    const first = await apiPix(sim, token, 'PUT', `/cob/${txid}`, COB);
    const again = await apiPix(sim, token, 'PUT', `/cob/${txid}`, COB);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const changed = await apiPix(sim, token, 'PUT', `/cob/${txid}`, { ...COB, valor: { original: '99.00' } });
    expect(changed.status).toBe(201);
    expect(changed.body).toMatchObject({ revisao: 1, valor: { original: '99.00' } });
    const old = await apiPix(sim, token, 'GET', `/cob/${txid}?revisao=0`);
    expect(old.body).toMatchObject({ revisao: 0, valor: { original: '123.45' } });
    const none = await apiPix(sim, token, 'GET', `/cob/${txid}?revisao=5`);
    expect(none.status).toBe(400);
    expect(none.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobConsultaInvalida');
  });

  it('PATCH revises, removes (REMOVIDA_PELO_USUARIO_RECEBEDOR), and refuses to touch a cob that is no longer ATIVA', async () => {
    const txid = newTxid();
    await apiPix(sim, token, 'PUT', `/cob/${txid}`, COB);
    const revised = await apiPix(sim, token, 'PATCH', `/cob/${txid}`, { solicitacaoPagador: 'Pedido 43' });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({ revisao: 1, solicitacaoPagador: 'Pedido 43', valor: { original: '123.45' } });
    const both = await apiPix(sim, token, 'PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', valor: { original: '1.00' } });
    expect(both.status).toBe(400);
    const removed = await apiPix(sim, token, 'PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    expect(removed.body).toMatchObject({ revisao: 2, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    const again = await apiPix(sim, token, 'PATCH', `/cob/${txid}`, { solicitacaoPagador: 'x' });
    expect(again.status).toBe(400);
    const put = await apiPix(sim, token, 'PUT', `/cob/${txid}`, COB);
    expect(put.status).toBe(400);
    expect(put.body).toMatchObject({ type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida', status: 400 });
    expect(put.body.violacoes[0].razao).toMatch(/não está no status ATIVA/);
  });

  it('refuses a bad txid, a zero or numeric amount, an expiry of zero, and answers 404 for an unknown cob', async () => {
    const short = await apiPix(sim, token, 'PUT', '/cob/abc', COB);
    expect(short.status).toBe(400);
    const zero = await apiPix(sim, token, 'PUT', `/cob/${newTxid()}`, { ...COB, valor: { original: '0.00' } });
    expect(zero.status).toBe(400);
    expect(zero.body.violacoes).toEqual([{ razao: 'O campo cob.valor.original é zero', propriedade: 'cob.valor.original', valor: '0.00' }]);
    const numeric = await apiPix(sim, token, 'PUT', `/cob/${newTxid()}`, { ...COB, valor: { original: 12.5 } });
    expect(numeric.status).toBe(400);
    const expiry = await apiPix(sim, token, 'PUT', `/cob/${newTxid()}`, { ...COB, calendario: { expiracao: 0 } });
    expect(expiry.status).toBe(400);
    const missing = await apiPix(sim, token, 'GET', `/cob/${newTxid()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobNaoEncontrado');
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('GET /cob lists by creation time with paging and filters', async () => {
    await control(sim, 'POST', '/reset');
    token = await tokenFor(sim);
    const inicio = new Date(Date.now() - 1000).toISOString();
    const txids = [newTxid(), newTxid(), newTxid()];
    for (const txid of txids) await apiPix(sim, token, 'PUT', `/cob/${txid}`, COB);
    await apiPix(sim, token, 'PUT', `/cob/${newTxid()}`, { ...COB, devedor: { cnpj: '11222333000181', nome: 'Empresa' } });
    const fim = new Date(Date.now() + 1000).toISOString();
    const page = await apiPix(sim, token, 'GET', `/cob?inicio=${inicio}&fim=${fim}&cpf=52998224725&paginacao.itensPorPagina=2&paginacao.paginaAtual=1`);
    expect(page.status).toBe(200);
    expect(page.body.parametros.paginacao).toEqual({ paginaAtual: 1, itensPorPagina: 2, quantidadeDePaginas: 2, quantidadeTotalDeItens: 3 });
    expect(page.body.cobs.map((c: { txid: string }) => c.txid)).toEqual([txids[2]]);
    const bad = await apiPix(sim, token, 'GET', `/cob?inicio=${fim}&fim=${inicio}`);
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobConsultaInvalida');
  });

  it('the control state counts the requests being answered (a slow PUT /cob), itself left out', async () => {
    expect((await control(sim, 'GET', '/state')).body.inFlight).toBe(0);
    await control(sim, 'PUT', '/faults', { latencyMs: 5_000, pathPattern: '^/cob/' });
    try {
      const slow = apiPix(sim, token, 'PUT', `/cob/${newTxid()}`, COB);
      for (let n = 0; (await control(sim, 'GET', '/state')).body.inFlight !== 1; n++) {
        expect(n, 'the slow PUT counted as in flight').toBeLessThan(200);
        await new Promise((r) => setTimeout(r, 20));
      }
      await control(sim, 'PUT', '/faults', { latencyMs: 0, pathPattern: null });
      expect((await slow).status).toBe(201);
    } finally {
      await control(sim, 'PUT', '/faults', { latencyMs: 0, pathPattern: null });
    }
    expect((await control(sim, 'GET', '/state')).body.inFlight).toBe(0);
  });
});

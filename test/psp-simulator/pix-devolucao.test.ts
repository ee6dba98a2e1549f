import { describe, expect, it } from 'vitest';
import { apiPix, control, newTxid, simulatorWithReceiver, tokenFor } from '../support/psp-simulator';

const CHAVE = 'recebedor@example.com';
const COB = { calendario: { expiracao: 600 }, valor: { original: '100.00' }, chave: CHAVE };

describe('PSP simulator: received Pix, devoluções and MED', () => {
  const t = simulatorWithReceiver(CHAVE);

  const paidPix = async (valor = '100.00') => {
    const txid = newTxid();
    await apiPix(t.sim, t.token, 'PUT', `/cob/${txid}`, { ...COB, valor: { original: valor } });
    return (await control(t.sim, 'POST', `/cob/${txid}/pay`)).body as { endToEndId: string; txid: string };
  };

  it('GET /pix pages through a window, oldest first, with filters', async () => {
    const inicio = new Date(Date.now() - 1000).toISOString();
    const paid = [await paidPix('1.00'), await paidPix('2.00'), await paidPix('3.00')];
    const loose = await control(t.sim, 'POST', '/pix', { valor: '4.00', chave: CHAVE });
    const fim = new Date(Date.now() + 1000).toISOString();
    const seen: string[] = [];
    for (let pagina = 0; pagina < 2; pagina++) {
      const page = await apiPix(t.sim, t.token, 'GET', `/pix?inicio=${inicio}&fim=${fim}&paginacao.paginaAtual=${pagina}&paginacao.itensPorPagina=3`);
      expect(page.status).toBe(200);
      expect(page.body.parametros.paginacao).toEqual({ paginaAtual: pagina, itensPorPagina: 3, quantidadeDePaginas: 2, quantidadeTotalDeItens: 4 });
      seen.push(...page.body.pix.map((p: { endToEndId: string }) => p.endToEndId));
    }
    expect(seen).toEqual([...paid.map((p) => p.endToEndId), loose.body.endToEndId]);
    const withTxid = await apiPix(t.sim, t.token, 'GET', `/pix?inicio=${inicio}&fim=${fim}&txIdPresente=false`);
    expect(withTxid.body.pix.map((p: { endToEndId: string }) => p.endToEndId)).toEqual([loose.body.endToEndId]);
    const one = await apiPix(t.sim, t.token, 'GET', `/pix?inicio=${inicio}&fim=${fim}&txid=${paid[1]!.txid}`);
    expect(one.body.pix).toHaveLength(1);
    const empty = await apiPix(t.sim, t.token, 'GET', `/pix?inicio=2020-01-01T00:00:00Z&fim=2020-01-02T00:00:00Z`);
    expect(empty.body.parametros.paginacao).toMatchObject({ quantidadeDePaginas: 1, quantidadeTotalDeItens: 0 });
    expect(empty.body.pix).toEqual([]);
    const bad = await apiPix(t.sim, t.token, 'GET', `/pix?inicio=${inicio}`);
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/PixConsultaInvalida');
    expect((await apiPix(t.sim, t.token, 'GET', `/pix/E99999999202001010000x9999999999`)).status).toBe(404);
  });

  it('a devolução is EM_PROCESSAMENTO, then DEVOLVIDO; the callback carries it', async () => {
    await control(t.sim, 'PUT', '/refunds', { mode: 'auto', outcome: 'DEVOLVIDO', delayMs: 50 });
    const pix = await paidPix();
    const d = await apiPix(t.sim, t.token, 'PUT', `/pix/${pix.endToEndId}/devolucao/refund1`, { valor: '30.00', descricao: 'troca' });
    expect(d.status).toBe(201);
    expect(d.body).toMatchObject({ id: 'refund1', valor: '30.00', natureza: 'ORIGINAL', status: 'EM_PROCESSAMENTO' });
    expect(d.body.rtrId).toMatch(/^D[a-zA-Z0-9]{31}$/);
    await t.receiver.until(2);
    const notified = t.receiver.received[1]!.body.pix[0];
    expect(notified.devolucoes).toEqual([{ ...d.body, status: 'DEVOLVIDO', horario: { ...d.body.horario, liquidacao: expect.any(String) } }]);
    const read = await apiPix(t.sim, t.token, 'GET', `/pix/${pix.endToEndId}/devolucao/refund1`);
    expect(read.body.status).toBe('DEVOLVIDO');
    // A retry of the same request answers the same devolução; another request may not reuse the id.
    expect((await apiPix(t.sim, t.token, 'PUT', `/pix/${pix.endToEndId}/devolucao/refund1`, { valor: '30.00', descricao: 'troca' })).body).toEqual(read.body);
    expect((await apiPix(t.sim, t.token, 'PUT', `/pix/${pix.endToEndId}/devolucao/refund1`, { valor: '31.00' })).status).toBe(400);
  });

  it('refuses a devolução above what is left of the Pix, or after 90 days; NAO_REALIZADO gives the room back', async () => {
    await control(t.sim, 'PUT', '/refunds', { mode: 'manual' });
    const pix = await paidPix();
    expect((await apiPix(t.sim, t.token, 'PUT', `/pix/${pix.endToEndId}/devolucao/a1`, { valor: '80.00' })).status).toBe(201);
    const over = await apiPix(t.sim, t.token, 'PUT', `/pix/${pix.endToEndId}/devolucao/a2`, { valor: '20.01' });
    expect(over.status).toBe(400);
    expect(over.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/PixDevolucaoInvalida');
    const refused = await control(t.sim, 'POST', `/pix/${pix.endToEndId}/devolucao/a1`, { status: 'NAO_REALIZADO', motivo: 'conta do pagador encerrada' });
    expect(refused.body).toMatchObject({ status: 'NAO_REALIZADO', motivo: 'conta do pagador encerrada' });
    await t.receiver.until(2);
    expect(t.receiver.received[1]!.body.pix[0].devolucoes[0].status).toBe('NAO_REALIZADO');
    expect((await apiPix(t.sim, t.token, 'PUT', `/pix/${pix.endToEndId}/devolucao/a2`, { valor: '100.00' })).status).toBe(201);
    await control(t.sim, 'POST', '/clock', { advanceSeconds: 91 * 86400 });
    t.token = await tokenFor(t.sim); // the old one expired with the days that passed
    const late = await apiPix(t.sim, t.token, 'PUT', `/pix/${pix.endToEndId}/devolucao/a3`, { valor: '0.01' });
    expect(late.status).toBe(400);
    expect(late.body.violacoes[0].razao).toMatch(/90 dias/);
  });

  it('a MED return shows as a devolução with natureza MED_*, settled, and is notified', async () => {
    const pix = await paidPix();
    const med = await control(t.sim, 'POST', `/pix/${pix.endToEndId}/med`, { natureza: 'MED_FRAUDE', valor: '40.00' });
    expect(med.status).toBe(201);
    expect(med.body).toMatchObject({ natureza: 'MED_FRAUDE', valor: '40.00', status: 'DEVOLVIDO' });
    await t.receiver.until(2);
    expect(t.receiver.received[1]!.body.pix[0].devolucoes).toEqual([med.body]);
    const read = await apiPix(t.sim, t.token, 'GET', `/pix/${pix.endToEndId}`);
    expect(read.body.devolucoes).toEqual([med.body]);
    const inicio = new Date(Date.now() - 60_000).toISOString();
    const fim = new Date(Date.now() + 60_000).toISOString();
    const listed = await apiPix(t.sim, t.token, 'GET', `/pix?inicio=${inicio}&fim=${fim}&devolucaoPresente=true`);
    expect(listed.body.pix.map((p: { endToEndId: string }) => p.endToEndId)).toEqual([pix.endToEndId]);
    expect((await control(t.sim, 'POST', `/pix/${pix.endToEndId}/med`, { natureza: 'MED_OPERACIONAL', valor: '60.01' })).status).toBe(409);
  });

  it('faults: slow answers, a burst of 5xx on chosen paths, then normal service', async () => {
    await control(t.sim, 'PUT', '/faults', { latencyMs: 150 });
    const started = Date.now();
    const txid = newTxid();
    expect((await apiPix(t.sim, t.token, 'PUT', `/cob/${txid}`, COB)).status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await control(t.sim, 'PUT', '/faults', { latencyMs: 0, failNext: 2, failStatus: 503, pathPattern: '^/cob/' });
    expect((await apiPix(t.sim, t.token, 'GET', '/pix?inicio=2026-01-01T00:00:00Z&fim=2026-01-02T00:00:00Z')).status).toBe(200);
    const first = await apiPix(t.sim, t.token, 'GET', `/cob/${txid}`);
    expect(first.status).toBe(503);
    expect(first.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/ServicoIndisponivel');
    await control(t.sim, 'PUT', '/faults', { failStatus: 500 });
    expect((await apiPix(t.sim, t.token, 'GET', `/cob/${txid}`)).status).toBe(500);
    expect((await apiPix(t.sim, t.token, 'GET', `/cob/${txid}`)).status).toBe(200);
    await control(t.sim, 'PUT', '/faults', { failNext: -1, failStatus: 504, pathPattern: null });
    expect((await apiPix(t.sim, t.token, 'GET', `/cob/${txid}`)).status).toBe(504);
    expect((await apiPix(t.sim, t.token, 'GET', `/cob/${txid}`)).status).toBe(504);
    await control(t.sim, 'PUT', '/faults', { failNext: 0 });
    expect((await apiPix(t.sim, t.token, 'GET', `/cob/${txid}`)).status).toBe(200);
  });
});

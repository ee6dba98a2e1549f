import { describe, expect, it } from 'vitest';
import { parseBrCode, verifyBrCode } from '../../src/domain/pix/br-code';
import { apiPix, control, httpsCall, newTxid, simulatorWithReceiver } from '../support/psp-simulator';

const CHAVE = 'recebedor@example.com';
/** R$ 100.00 due on Wednesday 2027-03-10: 2% fine, 0.10% a calendar day of interest, R$ 5.00 off until 2027-03-05. */
const COBV = {
  calendario: { dataDeVencimento: '2027-03-10', validadeAposVencimento: 30 },
  devedor: { cpf: '52998224725', nome: 'Maria Souza' },
  valor: {
    original: '100.00',
    multa: { modalidade: 2, valorPerc: '2.00' },
    juros: { modalidade: 2, valorPerc: '0.10' },
    desconto: { modalidade: 1, descontoDataFixa: [{ data: '2027-03-05', valorPerc: '5.00' }] },
  },
  chave: CHAVE,
  solicitacaoPagador: 'Mensalidade de março',
};

describe('PSP simulator: cobv, charges with a due date', () => {
  const t = simulatorWithReceiver(CHAVE);

  const newCobv = async (body: object = COBV) => {
    const txid = newTxid();
    const created = await apiPix(t.sim, t.token, 'PUT', `/cobv/${txid}`, body);
    expect(created.status).toBe(201);
    return { txid, created: created.body };
  };

  it('PUT /cobv/{txid} registers an ATIVA cobv with the receiver, a cobv location and a BR Code pointing at it; GET reads it', async () => {
    const { txid, created } = await newCobv();
    expect(created).toMatchObject({
      txid,
      revisao: 0,
      status: 'ATIVA',
      calendario: { dataDeVencimento: '2027-03-10', validadeAposVencimento: 30 },
      devedor: COBV.devedor,
      recebedor: { cnpj: '11222333000181', cidade: 'Sao Paulo', uf: 'SP' },
      valor: COBV.valor,
      loc: { tipoCob: 'cobv', txid },
    });
    expect(created.location).toMatch(new RegExp(`^127\\.0\\.0\\.1:${t.sim.port}/qr/v2/cobv/`));
    expect(verifyBrCode(created.pixCopiaECola)).toBe(true);
    expect(parseBrCode(created.pixCopiaECola).locationUrl).toBe(created.location);
    expect((await apiPix(t.sim, t.token, 'GET', `/cobv/${txid}`)).body).toEqual(created);
    // Without validadeAposVencimento the API Pix's default, 30 days.
    const plain = await newCobv({ ...COBV, calendario: { dataDeVencimento: '2027-03-10' } });
    expect(plain.created.calendario.validadeAposVencimento).toBe(30);
    // A cob and a cobv are different charges: the cobv is not at /cob.
    expect((await apiPix(t.sim, t.token, 'GET', `/cob/${txid}`)).status).toBe(404);
  });

  it('revises by PUT and PATCH (valor member by member), keeps each revision, removes, and refuses to touch what is not ATIVA', async () => {
    const { txid } = await newCobv();
    const again = await apiPix(t.sim, t.token, 'PUT', `/cobv/${txid}`, COBV);
    expect(again.body.revisao).toBe(0);
    const revised = await apiPix(t.sim, t.token, 'PATCH', `/cobv/${txid}`, { valor: { original: '110.00' }, calendario: { dataDeVencimento: '2027-03-12' } });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({ revisao: 1, valor: { original: '110.00', multa: COBV.valor.multa }, calendario: { dataDeVencimento: '2027-03-12', validadeAposVencimento: 30 } });
    expect((await apiPix(t.sim, t.token, 'GET', `/cobv/${txid}?revisao=0`)).body.valor.original).toBe('100.00');
    const none = await apiPix(t.sim, t.token, 'GET', `/cobv/${txid}?revisao=7`);
    expect(none.status).toBe(400);
    expect(none.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobVConsultaInvalida');
    const removed = await apiPix(t.sim, t.token, 'PATCH', `/cobv/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    expect(removed.body).toMatchObject({ revisao: 2, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    expect((await apiPix(t.sim, t.token, 'PATCH', `/cobv/${txid}`, { solicitacaoPagador: 'x' })).status).toBe(400);
    const put = await apiPix(t.sim, t.token, 'PUT', `/cobv/${txid}`, COBV);
    expect(put.status).toBe(400);
    expect(put.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida');
    expect((await control(t.sim, 'POST', `/cobv/${txid}/pay`)).status).toBe(409);
  });

  it('refuses a cobv without its payer or due date, a discount of the wrong shape, a modality out of range; 404 CobVNaoEncontrada for an unknown txid', async () => {
    const put = (body: object) => apiPix(t.sim, t.token, 'PUT', `/cobv/${newTxid()}`, body);
    const { devedor: _, ...noPayer } = COBV;
    const missing = await put(noPayer);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ type: 'https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida', violacoes: [{ propriedade: 'cobv.devedor' }] });
    expect((await put({ ...COBV, calendario: { dataDeVencimento: '2027-02-30' } })).body.violacoes[0].propriedade).toBe('cobv.calendario.dataDeVencimento');
    expect((await put({ ...COBV, calendario: { validadeAposVencimento: 5 } })).status).toBe(400);
    expect((await put({ ...COBV, valor: { original: '10.00', desconto: { modalidade: 1, valorPerc: '1.00' } } })).status).toBe(400);
    expect((await put({ ...COBV, valor: { original: '10.00', desconto: { modalidade: 3, descontoDataFixa: [{ data: '2027-03-01', valorPerc: '1.00' }] } } })).status).toBe(400);
    expect((await put({ ...COBV, valor: { original: '10.00', juros: { modalidade: 9, valorPerc: '1.00' } } })).status).toBe(400);
    expect((await put({ ...COBV, valor: { original: '0.00' } })).status).toBe(400);
    const unknown = await apiPix(t.sim, t.token, 'GET', `/cobv/${newTxid()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobVNaoEncontrada');
  });

  it('GET /cobv lists by creation time, payer and status, page by page', async () => {
    const inicio = new Date(Date.now() - 60_000).toISOString();
    const a = await newCobv();
    const b = await newCobv({ ...COBV, devedor: { cnpj: '11222333000181', nome: 'Empresa' } });
    await newCobv();
    const fim = new Date(Date.now() + 60_000).toISOString();
    const list = (q: string) => apiPix(t.sim, t.token, 'GET', `/cobv?inicio=${inicio}&fim=${fim}${q}`);
    const page = await list('&paginacao.itensPorPagina=2&paginacao.paginaAtual=0');
    expect(page.body.parametros.paginacao).toEqual({ paginaAtual: 0, itensPorPagina: 2, quantidadeDePaginas: 2, quantidadeTotalDeItens: 3 });
    expect(page.body.cobs.map((c: { txid: string }) => c.txid)).toEqual([a.txid, b.txid]);
    expect((await list('&cnpj=11222333000181')).body.cobs.map((c: { txid: string }) => c.txid)).toEqual([b.txid]);
    await control(t.sim, 'POST', `/cobv/${a.txid}/pay`, { date: '2027-03-10' });
    const concluded = await list('&status=CONCLUIDA');
    expect(concluded.body.cobs).toHaveLength(1);
    expect(concluded.body.cobs[0]).toMatchObject({ txid: a.txid, status: 'CONCLUIDA', pix: [{ txid: a.txid, valor: '100.00' }] });
    expect((await list('&cpf=1')).status).toBe(400);
  });

  it('the payer pays what the terms ask on the day, split in componentesValor, and the callback carries it', async () => {
    const early = await newCobv();
    const paidEarly = await control(t.sim, 'POST', `/cobv/${early.txid}/pay`, { date: '2027-03-01' });
    expect(paidEarly.status).toBe(201);
    expect(paidEarly.body).toMatchObject({ txid: early.txid, valor: '95.00', componentesValor: { original: { valor: '100.00' }, desconto: { valor: '5.00' } } });
    expect(paidEarly.body.horario).toBe('2027-03-01T15:00:00.000Z');
    await t.receiver.until(1);
    expect(t.receiver.received[0]!.body.pix).toEqual([paidEarly.body]);

    // Five calendar days late: the fine once (2% of 100.00) and 5 days of 0.10% a day.
    const late = await newCobv();
    const paidLate = await control(t.sim, 'POST', `/cobv/${late.txid}/pay`, { date: '2027-03-15' });
    expect(paidLate.body).toMatchObject({ valor: '102.50', componentesValor: { original: { valor: '100.00' }, multa: { valor: '2.00' }, juros: { valor: '0.50' } } });
    expect(paidLate.body.componentesValor.desconto).toBeUndefined();
    const read = await apiPix(t.sim, t.token, 'GET', `/cobv/${late.txid}`);
    expect(read.body).toMatchObject({ status: 'CONCLUIDA', pix: [paidLate.body] });
    expect((await apiPix(t.sim, t.token, 'GET', `/pix/${paidLate.body.endToEndId}`)).body).toEqual(paidLate.body);
    expect((await control(t.sim, 'POST', `/cobv/${late.txid}/pay`, { date: '2027-03-15' })).status).toBe(409);

    // The last payable day is 30 days after the due date (Friday 2027-04-09); the day after, nothing is due.
    const expired = await newCobv();
    expect((await control(t.sim, 'POST', `/cobv/${expired.txid}/pay`, { date: '2027-04-09' })).status).toBe(201);
    const tooLate = await newCobv();
    const refused = await control(t.sim, 'POST', `/cobv/${tooLate.txid}/pay`, { date: '2027-04-10' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/validity/);
    // Another amount than the terms ask, as a payer's bank that priced it otherwise.
    const other = await control(t.sim, 'POST', `/cobv/${tooLate.txid}/pay`, { valor: '101.00' });
    expect(other.body).toMatchObject({ valor: '101.00', componentesValor: { original: { valor: '101.00' } } });
  });

  it('needs the cobv scopes', async () => {
    const basic = Buffer.from(`${t.sim.clientId}:${t.sim.clientSecret}`).toString('base64');
    const token = await httpsCall(t.sim, 'POST', '/oauth/token', { form: { grant_type: 'client_credentials', scope: 'cob.write cob.read' }, headers: { authorization: `Basic ${basic}` } });
    const denied = await apiPix(t.sim, token.body.access_token, 'PUT', `/cobv/${newTxid()}`, COBV);
    expect(denied.status).toBe(403);
  });
});

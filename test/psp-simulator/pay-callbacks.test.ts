import { describe, expect, it } from 'vitest';
import { apiPix, control, newTxid, simulatorWithReceiver } from '../support/psp-simulator';

const CHAVE = 'recebedor@example.com';
const COB = { calendario: { expiracao: 600 }, valor: { original: '50.00' }, chave: CHAVE };

describe('PSP simulator: the payer pays, callbacks go out', () => {
  const t = simulatorWithReceiver(CHAVE);

  const newCob = async (body: object = COB) => {
    const txid = newTxid();
    expect((await apiPix(t.sim, t.token, 'PUT', `/cob/${txid}`, body)).status).toBe(201);
    return txid;
  };

  it('PUT/GET/DELETE /webhook/{chave}', async () => {
    const got = await apiPix(t.sim, t.token, 'GET', `/webhook/${encodeURIComponent(CHAVE)}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ webhookUrl: t.receiver.url, chave: CHAVE });
    const plain = await apiPix(t.sim, t.token, 'PUT', '/webhook/outra', { webhookUrl: 'http://example.com/hook' });
    expect(plain.status).toBe(400);
    expect(plain.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/WebhookOperacaoInvalida');
    expect((await apiPix(t.sim, t.token, 'DELETE', `/webhook/${encodeURIComponent(CHAVE)}`)).status).toBe(204);
    expect((await apiPix(t.sim, t.token, 'GET', `/webhook/${encodeURIComponent(CHAVE)}`)).status).toBe(404);
    expect((await apiPix(t.sim, t.token, 'DELETE', `/webhook/${encodeURIComponent(CHAVE)}`)).status).toBe(404);
  });

  it('a payment concludes the cob and is POSTed to {webhookUrl}/pix over mTLS', async () => {
    const txid = await newCob();
    const paid = await control(t.sim, 'POST', `/cob/${txid}/pay`, { infoPagador: 'obrigado' });
    expect(paid.status).toBe(201);
    await t.receiver.until(1);
    expect(t.receiver.received[0]).toMatchObject({ url: '/hooks/pixpay/pix', authorized: true });
    expect(t.receiver.received[0]!.body.pix).toEqual([paid.body]);
    expect(paid.body).toMatchObject({ txid, valor: '50.00', chave: CHAVE, infoPagador: 'obrigado' });
    const cob = await apiPix(t.sim, t.token, 'GET', `/cob/${txid}`);
    expect(cob.body).toMatchObject({ status: 'CONCLUIDA', pix: [paid.body] });
    const pix = await apiPix(t.sim, t.token, 'GET', `/pix/${paid.body.endToEndId}`);
    expect(pix.body).toEqual(paid.body);
    expect((await control(t.sim, 'POST', `/cob/${txid}/pay`)).status).toBe(409);
  });

  it('pays with another amount, and late only when asked', async () => {
    const other = await newCob();
    expect((await control(t.sim, 'POST', `/cob/${other}/pay`, { valor: '49.99' })).body.valor).toBe('49.99');
    const late = await newCob({ ...COB, calendario: { expiracao: 60 } });
    await control(t.sim, 'POST', '/clock', { advanceSeconds: 61 });
    const refused = await control(t.sim, 'POST', `/cob/${late}/pay`);
    expect(refused.status).toBe(409);
    expect((await apiPix(t.sim, t.token, 'GET', `/cob/${late}`)).body.status).toBe('ATIVA'); // expiry is not a status
    expect((await control(t.sim, 'POST', `/cob/${late}/pay`, { late: true })).status).toBe(201);
    await t.receiver.until(2);
  });

  it('a Pix without a txid is not notified; one whose txid is not a cob here is', async () => {
    await control(t.sim, 'POST', '/pix', { valor: '5.00', chave: CHAVE });
    const stranger = await control(t.sim, 'POST', '/pix', { valor: '6.00', chave: CHAVE, txid: 'outrotxid1' });
    await t.receiver.until(1);
    const deliveries = (await control(t.sim, 'GET', '/callbacks')).body.deliveries;
    expect(deliveries).toHaveLength(1);
    expect(t.receiver.received[0]!.body.pix[0].endToEndId).toBe(stranger.body.endToEndId);
  });

  it('drops, duplicates and holds callbacks, then releases them in reverse order or as one batch', async () => {
    await control(t.sim, 'PUT', '/callbacks', { dropNext: 1 });
    const dropped = await newCob();
    await control(t.sim, 'POST', `/cob/${dropped}/pay`);
    await control(t.sim, 'PUT', '/callbacks', { duplicate: true });
    const twice = await newCob();
    await control(t.sim, 'POST', `/cob/${twice}/pay`);
    await t.receiver.until(2);
    expect(t.receiver.received.map((r) => r.body.pix[0].txid)).toEqual([twice, twice]);
    await control(t.sim, 'PUT', '/callbacks', { duplicate: false, hold: true });
    const [a, b] = [await newCob(), await newCob()];
    await control(t.sim, 'POST', `/cob/${a}/pay`);
    await control(t.sim, 'POST', `/cob/${b}/pay`);
    const log = (await control(t.sim, 'GET', '/callbacks')).body.deliveries.map((d: { state: string }) => d.state);
    expect(log).toEqual(['dropped', 'delivered', 'delivered', 'held', 'held']);
    await control(t.sim, 'PUT', '/callbacks', { hold: false });
    expect((await control(t.sim, 'POST', '/callbacks/release', { order: 'reverse' })).body.released).toBe(2);
    await t.receiver.until(4);
    expect(t.receiver.received.slice(2).map((r) => r.body.pix[0].txid)).toEqual([b, a]);
    await control(t.sim, 'PUT', '/callbacks', { hold: true });
    const [c, d] = [await newCob(), await newCob()];
    await control(t.sim, 'POST', `/cob/${c}/pay`);
    await control(t.sim, 'POST', `/cob/${d}/pay`);
    await control(t.sim, 'POST', '/callbacks/release', { order: 'batch' });
    await t.receiver.until(5);
    expect(t.receiver.received[4]!.body.pix.map((p: { txid: string }) => p.txid)).toEqual([c, d]);
  });

  it('retries a callback the t.receiver refused, and delays when asked', async () => {
    await control(t.sim, 'PUT', '/callbacks', { retryDelaysMs: [50, 50], delayMs: 200 });
    t.receiver.script.push(500, 503);
    const txid = await newCob();
    const started = Date.now();
    await control(t.sim, 'POST', `/cob/${txid}/pay`);
    await t.receiver.until(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    const [delivery] = (await control(t.sim, 'GET', '/callbacks')).body.deliveries;
    expect(delivery.attempts.map((x: { status: number }) => x.status)).toEqual([500, 503, 200]);
    expect(delivery.state).toBe('delivered');
  });

  it('a callback can arrive before the answer to the create (auto-pay, late answers), and can be replayed later', async () => {
    await control(t.sim, 'PUT', '/autopay', { enabled: true, delayMs: 0 });
    await control(t.sim, 'PUT', '/faults', { answerDelayMs: 300 });
    const txid = newTxid();
    let answered = false;
    const created = apiPix(t.sim, t.token, 'PUT', `/cob/${txid}`, COB).then((a) => {
      answered = true;
      return a;
    });
    await t.receiver.until(1);
    expect(answered).toBe(false);
    expect(t.receiver.received[0]!.body.pix[0].txid).toBe(txid);
    expect((await created).body).toMatchObject({ txid, status: 'ATIVA' });
    await control(t.sim, 'PUT', '/faults', { answerDelayMs: 0 });
    expect((await apiPix(t.sim, t.token, 'GET', `/cob/${txid}`)).body.status).toBe('CONCLUIDA');
    const [delivery] = (await control(t.sim, 'GET', '/callbacks')).body.deliveries;
    expect((await control(t.sim, 'POST', `/callbacks/${delivery.id}/replay`)).status).toBe(201);
    await t.receiver.until(2);
    expect(t.receiver.received[1]!.body).toEqual(t.receiver.received[0]!.body);
  });
});

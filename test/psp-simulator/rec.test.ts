import { describe, expect, it } from 'vitest';
import { addDays, brasiliaDate } from '../../src/domain/due-date/civil-dates';
import { apiPix, control, newTxid, simulatorWithRecWebhooks, tokenFor } from '../support/psp-simulator';

/**
 * The simulator's PIX Automático recurrences (`/locrec`, `/rec`, `/solicrec`,
 * `/webhookrec`): every exchange and callback is checked against the Central Bank's spec
 * by the hooks (no drift after each test).
 */
const t = simulatorWithRecWebhooks();
const today = () => brasiliaDate(new Date(t.sim.psp.now()));
const call = (method: string, path: string, body?: unknown) => apiPix(t.sim, t.token, method, path, body);

export const recBody = (over: Record<string, unknown> = {}) => ({
  vinculo: { objeto: 'Academia, plano mensal', contrato: 'CTR-0042', devedor: { cpf: '52998224725', nome: 'Fulano de Tal' } },
  calendario: { dataInicial: addDays(today(), 5), periodicidade: 'MENSAL' },
  valor: { valorRec: '99.90' },
  politicaRetentativa: 'PERMITE_3R_7D',
  ...over,
});

describe('recurrence locations (/locrec)', () => {
  it('creates a location, links it to a recurrence, lists and unlinks it', async () => {
    const loc = await call('POST', '/locrec');
    expect(loc.status).toBe(201);
    expect(loc.headers.location).toBe(loc.body.location);
    expect(loc.body.location).toMatch(/^127\.0\.0\.1:\d+\/qr\/v2\/rec\/[0-9a-f]{32}$/);
    const free = await call('POST', '/locrec');

    const rec = await call('POST', '/rec', recBody({ loc: loc.body.id }));
    expect(rec.status).toBe(201);
    expect(rec.body.loc).toEqual({ ...loc.body, idRec: rec.body.idRec });
    expect((await call('GET', `/locrec/${loc.body.id}`)).body.idRec).toBe(rec.body.idRec);

    const window = `inicio=${encodeURIComponent(new Date(t.sim.psp.now() - 60_000).toISOString())}&fim=${encodeURIComponent(new Date(t.sim.psp.now() + 60_000).toISOString())}`;
    const linked = await call('GET', `/locrec?${window}&idRecPresente=true`);
    expect(linked.body.loc.map((l: { id: number }) => l.id)).toEqual([loc.body.id]);
    expect(linked.body.parametros.paginacao.quantidadeTotalDeItens).toBe(1);
    expect((await call('GET', `/locrec?${window}&idRecPresente=false`)).body.loc.map((l: { id: number }) => l.id)).toEqual([free.body.id]);

    const unlinked = await call('DELETE', `/locrec/${loc.body.id}/idRec`);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.idRec).toBeUndefined();
    expect((await call('GET', `/rec/${rec.body.idRec}`)).body.loc).toBeUndefined();
  });

  it('answers 404 for an unknown location and 400 for a window that ends before it starts', async () => {
    const missing = await call('GET', '/locrec/999');
    expect(missing.status).toBe(404);
    expect(missing.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/PayloadLocationRecNaoEncontrado');
    expect((await call('DELETE', '/locrec/999/idRec')).status).toBe(404);
    const backwards = await call('GET', '/locrec?inicio=2026-01-02T00:00:00Z&fim=2026-01-01T00:00:00Z');
    expect(backwards.status).toBe(400);
    expect(backwards.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/PayloadLocationRecConsultaInvalida');
  });
});

describe('recurrences (/rec)', () => {
  it('creates a recurrence CRIADA with its idRec, then the payer approves it: APROVADA, history and callback', async () => {
    const created = await call('POST', '/rec', recBody());
    expect(created.status).toBe(201);
    const idRec: string = created.body.idRec;
    expect(idRec).toMatch(new RegExp(`^RR99999998${today().replaceAll('-', '')}[a-zA-Z0-9]{11}$`));
    expect(created.body).toMatchObject({ status: 'CRIADA', politicaRetentativa: 'PERMITE_3R_7D', valor: { valorRec: '99.90' }, recebedor: { cnpj: '11222333000181' }, ativacao: { tipoJornada: 'AGUARDANDO_DEFINICAO' } });
    expect(created.body.atualizacao.map((a: { status: string }) => a.status)).toEqual(['CRIADA']);
    expect((await call('POST', '/rec', recBody({ politicaRetentativa: 'NAO_PERMITE' }))).body.idRec).toMatch(/^RN/);

    const approved = await control(t.sim, 'POST', `/rec/${idRec}/approve`, { pagador: { ispbParticipante: '12345678', codMun: '3550308' } });
    expect(approved.status).toBe(200);
    const read = await call('GET', `/rec/${idRec}`);
    expect(read.body).toMatchObject({ status: 'APROVADA', ativacao: { tipoJornada: 'JORNADA_2' }, pagador: { cpf: '52998224725', ispbParticipante: '12345678', codMun: '3550308' } });
    expect(read.body.atualizacao.map((a: { status: string }) => a.status)).toEqual(['CRIADA', 'APROVADA']);

    await t.receiver.until(1);
    expect(t.receiver.received[0]!.url).toBe('/hooks/pixpay/rec');
    expect(t.receiver.received[0]!.authorized).toBe(true);
    expect(t.receiver.received[0]!.body.recs).toEqual([{ idRec, status: 'APROVADA', atualizacao: read.body.atualizacao, ativacao: { tipoJornada: 'JORNADA_2' } }]);
    expect((await control(t.sim, 'POST', `/rec/${idRec}/approve`)).status).toBe(409);
  });

  it('refuses what the spec refuses with RecOperacaoInvalida, naming the violation', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [recBody({ calendario: { dataInicial: addDays(today(), -1), periodicidade: 'MENSAL' } }), /dataInicial é anterior à data de criação/],
      [recBody({ calendario: { dataInicial: addDays(today(), 5), dataFinal: addDays(today(), 4), periodicidade: 'MENSAL' } }), /dataFinal é anterior/],
      [recBody({ valor: { valorRec: '10.00', valorMinimoRecebedor: '5.00' } }), /Ambos os campos/],
      [recBody({ loc: 4242 }), /rec\.loc inexiste/],
      [recBody({ politicaRetentativa: 'SEMPRE' }), /rec\.politicaRetentativa/],
      [recBody({ calendario: { dataInicial: addDays(today(), 5), periodicidade: 'DIARIA' } }), /rec\.calendario\.periodicidade/],
    ];
    for (const [body, detail] of cases) {
      const answer = await call('POST', '/rec', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/RecOperacaoInvalida');
      expect(JSON.stringify(answer.body.violacoes)).toMatch(detail);
    }
    const loc = await call('POST', '/locrec');
    expect((await call('POST', '/rec', recBody({ loc: loc.body.id }))).status).toBe(201);
    const taken = await call('POST', '/rec', recBody({ loc: loc.body.id }));
    expect(taken.body.violacoes[0].razao).toMatch(/já está sendo utilizado por outra recorrência/);
    const unknown = await call('GET', '/rec/RR9999999820260101abcdefghijk');
    expect(unknown.status).toBe(404);
    expect(unknown.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/RecNaoEncontrada');
  });

  it('revises a recurrence CRIADA, and once closed refuses any revision', async () => {
    const rec = (await call('POST', '/rec', recBody())).body;
    const loc = (await call('POST', '/locrec')).body;
    const revised = await call('PATCH', `/rec/${rec.idRec}`, { loc: loc.id, vinculo: { devedor: { nome: 'Fulano de Tal Junior' } }, calendario: { dataInicial: addDays(today(), 7) } });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({ loc: { id: loc.id, idRec: rec.idRec }, vinculo: { devedor: { cpf: '52998224725', nome: 'Fulano de Tal Junior' } }, calendario: { dataInicial: addDays(today(), 7) } });

    await control(t.sim, 'POST', `/rec/${rec.idRec}/approve`);
    const lateLoc = await call('PATCH', `/rec/${rec.idRec}`, { loc: (await call('POST', '/locrec')).body.id });
    expect(lateLoc.status).toBe(400);
    expect(lateLoc.body.violacoes[0].razao).toMatch(/somente pode ser alterado quando a recorrência apresentar-se com o status CRIADA/);

    const cancelled = await call('PATCH', `/rec/${rec.idRec}`, { status: 'CANCELADA' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELADA', encerramento: { cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR' } } });
    const again = await call('PATCH', `/rec/${rec.idRec}`, { status: 'CANCELADA' });
    expect(again.status).toBe(400);
    expect(again.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/RecOperacaoInvalida');

    await t.receiver.until(2);
    expect(t.receiver.received.map((x) => x.body.recs[0].status)).toEqual(['APROVADA', 'CANCELADA']);
  });

  it('the payer rejects, cancels or lets a recurrence expire (control API), each notified', async () => {
    const [a, b, c] = [(await call('POST', '/rec', recBody())).body, (await call('POST', '/rec', recBody())).body, (await call('POST', '/rec', recBody())).body];
    expect((await control(t.sim, 'POST', `/rec/${a.idRec}/reject`, { codigo: 'AP14' })).body).toMatchObject({ status: 'REJEITADA', encerramento: { rejeicao: { codigo: 'AP14' } } });
    await control(t.sim, 'POST', `/rec/${b.idRec}/approve`);
    expect((await control(t.sim, 'POST', `/rec/${b.idRec}/cancel`)).body).toMatchObject({ status: 'CANCELADA', encerramento: { cancelamento: { solicitante: 'USUARIO_PAGADOR', codigo: 'SLDB' } } });
    expect((await control(t.sim, 'POST', `/rec/${c.idRec}/expire`)).body.status).toBe('EXPIRADA');
    expect((await control(t.sim, 'POST', `/rec/${c.idRec}/cancel`)).status).toBe(409);
    expect((await control(t.sim, 'POST', `/rec/${a.idRec}/reject`, { codigo: 'XX99' })).status).toBe(400);
    await t.receiver.until(4);
    expect(t.receiver.received.map((x) => [x.body.recs[0].idRec, x.body.recs[0].status])).toEqual([
      [a.idRec, 'REJEITADA'],
      [b.idRec, 'APROVADA'],
      [b.idRec, 'CANCELADA'],
      [c.idRec, 'EXPIRADA'],
    ]);
  });

  it('answers the QR of each journey in dadosQR: the recurrence alone (J2), or with an immediate charge (J3)', async () => {
    const loc = (await call('POST', '/locrec')).body;
    const txid = newTxid();
    expect((await apiPix(t.sim, t.token, 'PUT', `/cob/${txid}`, { calendario: { expiracao: 3600 }, valor: { original: '99.90' }, chave: 'loja@pixpay.example' })).status).toBe(201);
    const rec = (await call('POST', '/rec', recBody({ loc: loc.id, ativacao: { dadosJornada: { txid } } }))).body;
    expect(rec.ativacao).toEqual({ tipoJornada: 'AGUARDANDO_DEFINICAO', dadosJornada: { txid } });

    const j2 = (await call('GET', `/rec/${rec.idRec}`)).body.dadosQR;
    expect(j2.jornada).toBe('JORNADA_2');
    expect(j2.pixCopiaECola).toContain(`80${String(loc.location.length + 22).padStart(2, '0')}0014br.gov.bcb.pix25${String(loc.location.length).padStart(2, '0')}${loc.location}`);
    const j3 = (await call('GET', `/rec/${rec.idRec}?txid=${txid}`)).body.dadosQR;
    expect(j3.jornada).toBe('JORNADA_3');
    expect(j3.pixCopiaECola).toContain('/qr/v2/cob/');
    expect(j3.pixCopiaECola).toContain(loc.location);

    const other = newTxid();
    await apiPix(t.sim, t.token, 'PUT', `/cob/${other}`, { calendario: { expiracao: 3600 }, valor: { original: '1.00' }, chave: 'loja@pixpay.example' });
    for (const bad of [other, newTxid()]) {
      const answer = await call('GET', `/rec/${rec.idRec}?txid=${bad}`);
      expect(answer.status).toBe(400);
      expect(answer.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/RecConsultaInvalida');
    }
    expect((await call('GET', `/rec/${(await call('POST', '/rec', recBody())).body.idRec}`)).body.dadosQR).toBeUndefined();
  });

  it('lists recurrences by creation time, with filters and paging', async () => {
    const a = (await call('POST', '/rec', recBody())).body;
    const b = (await call('POST', '/rec', recBody({ vinculo: { contrato: 'X', devedor: { cnpj: '11444777000161', nome: 'Empresa' } }, recebedor: { convenio: 'Master' } }))).body;
    await control(t.sim, 'POST', `/rec/${b.idRec}/approve`);
    const window = `inicio=${encodeURIComponent(new Date(t.sim.psp.now() - 60_000).toISOString())}&fim=${encodeURIComponent(new Date(t.sim.psp.now() + 60_000).toISOString())}`;
    const page0 = await call('GET', `/rec?${window}&paginacao.itensPorPagina=1`);
    expect(page0.body.parametros.paginacao).toEqual({ paginaAtual: 0, itensPorPagina: 1, quantidadeDePaginas: 2, quantidadeTotalDeItens: 2 });
    expect(page0.body.recs.map((x: { idRec: string }) => x.idRec)).toEqual([a.idRec]);
    expect((await call('GET', `/rec?${window}&paginacao.itensPorPagina=1&paginacao.paginaAtual=1`)).body.recs.map((x: { idRec: string }) => x.idRec)).toEqual([b.idRec]);
    expect((await call('GET', `/rec?${window}&status=APROVADA`)).body.recs.map((x: { idRec: string }) => x.idRec)).toEqual([b.idRec]);
    expect((await call('GET', `/rec?${window}&cpf=52998224725`)).body.recs.map((x: { idRec: string }) => x.idRec)).toEqual([a.idRec]);
    expect((await call('GET', `/rec?${window}&convenio=Master`)).body.recs.map((x: { idRec: string }) => x.idRec)).toEqual([b.idRec]);
    expect((await call('GET', `/rec?inicio=2020-01-01T00:00:00Z&fim=2020-01-02T00:00:00Z`)).body.recs).toEqual([]);
    const both = await call('GET', `/rec?${window}&cpf=52998224725&cnpj=11444777000161`);
    expect(both.status).toBe(400);
    expect(both.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/RecConsultaInvalida');
  });
});

describe('push requests to the payer\'s bank (/solicrec, J1)', () => {
  const solicBody = (idRec: string, expiresInMs = 86_400_000) => ({
    idRec,
    calendario: { dataExpiracaoSolicitacao: new Date(t.sim.psp.now() + expiresInMs).toISOString() },
    destinatario: { agencia: '0001', conta: '123456', cpf: '52998224725', ispbParticipante: '12345678' },
  });

  it('sends the request (CRIADA, ENVIADA, RECEBIDA); the payer accepts it: ACEITA and the recurrence APROVADA by J1', async () => {
    const rec = (await call('POST', '/rec', recBody())).body;
    const created = await call('POST', '/solicrec', solicBody(rec.idRec));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ idRec: rec.idRec, status: 'CRIADA', recPayload: { idRec: rec.idRec, recebedor: { ispbParticipante: '99999998' } } });
    expect(created.body.idSolicRec).toMatch(/^SC99999998\d{8}[a-zA-Z0-9]{11}$/);
    const read = await call('GET', `/solicrec/${created.body.idSolicRec}`);
    expect(read.body.atualizacao.map((a: { status: string }) => a.status)).toEqual(['CRIADA', 'ENVIADA', 'RECEBIDA']);

    const twice = await call('POST', '/solicrec', solicBody(rec.idRec));
    expect(twice.status).toBe(400);
    expect(twice.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/SolicRecOperacaoInvalida');
    expect(twice.body.violacoes[0].razao).toMatch(/Existe uma solicitação ativa/);

    await control(t.sim, 'POST', `/rec/${rec.idRec}/approve`);
    expect((await call('GET', `/solicrec/${created.body.idSolicRec}`)).body.status).toBe('ACEITA');
    const full = (await call('GET', `/rec/${rec.idRec}`)).body;
    expect(full.ativacao.tipoJornada).toBe('JORNADA_1');
    expect(full.solicitacao.map((s: { status: string }) => s.status)).toEqual(['ACEITA']);
    const cancelAccepted = await call('PATCH', `/solicrec/${created.body.idSolicRec}`, { status: 'CANCELADA' });
    expect(cancelAccepted.status).toBe(400);
    expect(cancelAccepted.body.violacoes[0].razao).toMatch(/status diferente de CRIADA, ENVIADA ou RECEBIDA/);
  });

  it('is cancelled by the receiver, expires at its time, and refuses a past expiry or an unknown recurrence', async () => {
    const rec = (await call('POST', '/rec', recBody())).body;
    const first = (await call('POST', '/solicrec', solicBody(rec.idRec))).body;
    const cancelled = await call('PATCH', `/solicrec/${first.idSolicRec}`, { status: 'CANCELADA' });
    expect(cancelled.status).toBe(201);
    expect(cancelled.body.status).toBe('CANCELADA');

    const second = (await call('POST', '/solicrec', solicBody(rec.idRec, 60_000))).body;
    await control(t.sim, 'POST', '/clock', { advanceSeconds: 120 });
    t.token = await tokenFor(t.sim);
    expect((await call('GET', `/solicrec/${second.idSolicRec}`)).body.status).toBe('EXPIRADA');
    expect((await call('GET', `/rec/${rec.idRec}`)).body.status).toBe('CRIADA');

    const past = await call('POST', '/solicrec', solicBody(rec.idRec, -1000));
    expect(past.status).toBe(400);
    expect(past.body.violacoes[0].propriedade).toBe('solicrec.calendario.dataExpiracaoSolicitacao');
    const unknown = await call('POST', '/solicrec', solicBody('RR9999999820260101abcdefghijk'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/RecNaoEncontrada');
    expect((await call('GET', '/solicrec/SC9999999820260101abcdefghijk')).status).toBe(404);
  });
});

describe('recurrence webhooks (/webhookrec, /webhookcobr)', () => {
  it('registers, shows and removes each URL; refuses one that is not https', async () => {
    for (const path of ['/webhookrec', '/webhookcobr']) {
      expect((await call('GET', path)).body.webhookUrl).toBe(t.receiver.url);
      const bad = await call('PUT', path, { webhookUrl: 'http://example.com/hook' });
      expect(bad.status).toBe(400);
      expect(bad.body.type).toBe(`https://pix.bcb.gov.br/api/v2/error/${path === '/webhookrec' ? 'WebhookRecOperacaoInvalida' : 'WebhookCobROperacaoInvalida'}`);
      expect((await call('DELETE', path)).status).toBe(204);
      expect((await call('GET', path)).status).toBe(404);
      expect((await call('DELETE', path)).status).toBe(404);
    }
    const rec = (await call('POST', '/rec', recBody())).body;
    await control(t.sim, 'POST', `/rec/${rec.idRec}/approve`);
    expect((await control(t.sim, 'GET', '/callbacks')).body.deliveries).toEqual([]);
  });

  it('sends recurrence callbacks with the callback faults: a failed delivery retried, held ones released as one batch', async () => {
    await control(t.sim, 'PUT', '/callbacks', { retryDelaysMs: [10] });
    t.receiver.script.push(500);
    const first = (await call('POST', '/rec', recBody())).body;
    await control(t.sim, 'POST', `/rec/${first.idRec}/approve`);
    await t.receiver.until(2);
    expect(t.receiver.received.map((x) => x.body.recs[0].idRec)).toEqual([first.idRec, first.idRec]);

    await control(t.sim, 'PUT', '/callbacks', { hold: true });
    const [a, b] = [(await call('POST', '/rec', recBody())).body, (await call('POST', '/rec', recBody())).body];
    await control(t.sim, 'POST', `/rec/${a.idRec}/approve`);
    await control(t.sim, 'POST', `/rec/${b.idRec}/reject`);
    await control(t.sim, 'PUT', '/callbacks', { hold: false });
    expect((await control(t.sim, 'POST', '/callbacks/release', { order: 'batch' })).body.released).toBe(2);
    await t.receiver.until(3);
    expect(t.receiver.received[2]!.url).toBe('/hooks/pixpay/rec');
    expect(t.receiver.received[2]!.body.recs.map((x: { idRec: string; status: string }) => [x.idRec, x.status])).toEqual([
      [a.idRec, 'APROVADA'],
      [b.idRec, 'REJEITADA'],
    ]);
    const state = (await control(t.sim, 'GET', '/state')).body;
    expect(state).toMatchObject({ recs: 3, webhookrec: { webhookUrl: t.receiver.url }, webhookcobr: { webhookUrl: t.receiver.url } });
  });

  it('needs the scopes of each resource', async () => {
    const narrow = await tokenFor(t.sim, 'cob.read');
    for (const [method, path] of [['POST', '/rec'], ['GET', '/rec/RR9999999820260101abcdefghijk'], ['POST', '/locrec'], ['POST', '/solicrec'], ['GET', '/webhookrec'], ['GET', '/cobr/abc']] as const) {
      const answer = await apiPix(t.sim, narrow, method, path, method === 'POST' && path !== '/locrec' ? {} : undefined);
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });
});

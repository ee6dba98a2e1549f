import { describe, expect, it } from 'vitest';
import { addDays, brasiliaDate, businessDayOnOrAfter } from '../../src/domain/due-date/civil-dates';
import { nationalHolidays } from '../../tools/psp-simulator/holidays';
import { apiPix, control, newTxid, simulatorWithRecWebhooks, tokenFor } from '../support/psp-simulator';

/**
 * The simulator's recurring charges (`/cobr`, `webhookcobr`): one a cycle of an approved
 * recurrence, sent from the 10th to the 2nd day before their date, paid or failed on the
 * payer's side (control API), retried within the recurrence's policy. Every exchange and
 * callback is checked against the Central Bank's spec by the hooks.
 */
const t = simulatorWithRecWebhooks();
const today = () => brasiliaDate(new Date(t.sim.psp.now()));
const call = (method: string, path: string, body?: unknown) => apiPix(t.sim, t.token, method, path, body);
const statuses = (list: { status: string }[]) => list.map((x) => x.status);

/** A recurrence approved by the payer, monthly from 5 days ahead, R$ 99.90. */
async function approvedRec(politicaRetentativa = 'PERMITE_3R_7D'): Promise<string> {
  const rec = await call('POST', '/rec', {
    vinculo: { contrato: 'CTR-7', devedor: { cpf: '52998224725', nome: 'Fulano de Tal' } },
    calendario: { dataInicial: addDays(today(), 5), periodicidade: 'MENSAL' },
    valor: { valorRec: '99.90' },
    politicaRetentativa,
  });
  expect((await control(t.sim, 'POST', `/rec/${rec.body.idRec}/approve`)).status).toBe(200);
  return rec.body.idRec;
}

const cobrBody = (idRec: string, dataDeVencimento = addDays(today(), 5), over: Record<string, unknown> = {}) => ({
  idRec,
  infoAdicional: 'Mensalidade',
  calendario: { dataDeVencimento },
  valor: { original: '99.90' },
  ajusteDiaUtil: true,
  devedor: { email: 'fulano@example.com', cidade: 'São Paulo', uf: 'SP' },
  recebedor: { agencia: '0001', conta: '123456', tipoConta: 'CORRENTE' },
  ...over,
});

/** The cobr callbacks received, as [txid, status, attempts' statuses]. */
const cobrCallbacks = () =>
  t.receiver.received.filter((x) => x.url.endsWith('/cobr')).map((x) => [x.body.cobsr[0].txid, x.body.cobsr[0].status, statuses(x.body.cobsr[0].tentativas ?? [])]);

describe('recurring charges (/cobr)', () => {
  it('creates the charge of a cycle (CRIADA), scheduled at once at the payer\'s bank (ATIVA), and the payer pays it', async () => {
    const idRec = await approvedRec();
    const txid = newTxid();
    const due = addDays(today(), 5);
    const created = await call('PUT', `/cobr/${txid}`, cobrBody(idRec));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ idRec, txid, status: 'CRIADA', calendario: { criacao: today(), dataDeVencimento: due }, recebedor: { cnpj: '11222333000181', conta: '123456' } });
    expect((await call('PUT', `/cobr/${txid}`, cobrBody(idRec))).status).toBe(201);
    const reused = await call('PUT', `/cobr/${txid}`, cobrBody(idRec, due, { infoAdicional: 'outra' }));
    expect(reused.status).toBe(400);
    expect(reused.body.violacoes[0].razao).toBe('O campo cobr.txid encontra-se em uso.');

    const active = (await call('GET', `/cobr/${txid}`)).body;
    expect(active).toMatchObject({ status: 'ATIVA', politicaRetentativa: 'PERMITE_3R_7D' });
    expect(statuses(active.atualizacao)).toEqual(['CRIADA', 'ATIVA']);
    expect(active.tentativas).toHaveLength(1);
    expect(active.tentativas[0]).toMatchObject({ tipo: 'AGND', status: 'AGENDADA', dataLiquidacao: businessDayOnOrAfter(due, nationalHolidays()) });

    const paid = await control(t.sim, 'POST', `/cobr/${txid}/pay`);
    expect(paid.status).toBe(200);
    const done = (await call('GET', `/cobr/${txid}`)).body;
    expect(done.status).toBe('CONCLUIDA');
    expect(done.pix).toEqual([{ endToEndId: active.tentativas[0].endToEndId, txid, valor: '99.90', horario: expect.any(String) }]);
    expect(done.tentativas[0].status).toBe('PAGA');
    expect((await control(t.sim, 'POST', `/cobr/${txid}/pay`)).status).toBe(409);

    await t.receiver.until(3);
    expect(t.receiver.received[1]!.authorized).toBe(true);
    expect(cobrCallbacks()).toEqual([
      [txid, 'ATIVA', ['AGENDADA']],
      [txid, 'CONCLUIDA', ['PAGA']],
    ]);
  });

  it('gives the txid itself on POST /cobr, and lists charges by creation time, recurrence and status', async () => {
    const [a, b] = [await approvedRec(), await approvedRec()];
    const first = await call('POST', '/cobr', cobrBody(a));
    expect(first.status).toBe(201);
    expect(first.body.txid).toMatch(/^[a-f0-9]{32}$/);
    const second = (await call('PUT', `/cobr/${newTxid()}`, cobrBody(b))).body;
    await control(t.sim, 'POST', `/cobr/${second.txid}/pay`);
    const window = `inicio=${encodeURIComponent(new Date(t.sim.psp.now() - 60_000).toISOString())}&fim=${encodeURIComponent(new Date(t.sim.psp.now() + 60_000).toISOString())}`;
    expect((await call('GET', `/cobr?${window}`)).body.cobsr.map((c: { txid: string }) => c.txid)).toEqual([first.body.txid, second.txid]);
    expect((await call('GET', `/cobr?${window}&idRec=${b}`)).body.cobsr.map((c: { txid: string }) => c.txid)).toEqual([second.txid]);
    const concluded = (await call('GET', `/cobr?${window}&status=CONCLUIDA`)).body;
    expect(concluded.cobsr.map((c: { txid: string }) => c.txid)).toEqual([second.txid]);
    expect(concluded.parametros).toMatchObject({ status: 'CONCLUIDA', paginacao: { quantidadeTotalDeItens: 1 } });
    const bad = await call('GET', `/cobr?${window}&idRec=short`);
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobRConsultaInvalida');
  });

  it('refuses a charge outside the rules with CobROperacaoInvalida: recurrence not approved, date outside the window or the term, another amount, a second charge in the cycle', async () => {
    const idRec = await approvedRec();
    const pending = (await call('POST', '/rec', { vinculo: { contrato: 'C', devedor: { cpf: '52998224725', nome: 'F' } }, calendario: { dataInicial: addDays(today(), 5), periodicidade: 'MENSAL' }, politicaRetentativa: 'NAO_PERMITE' })).body.idRec;
    expect((await call('PUT', `/cobr/${newTxid()}`, cobrBody(idRec))).status).toBe(201);
    const cases: [Record<string, unknown>, RegExp][] = [
      [cobrBody(pending), /não corresponde a uma recorrência APROVADA \(está CRIADA\)/],
      [cobrBody(idRec, addDays(today(), 1)), /até o 2º dia anterior/],
      [cobrBody(idRec, addDays(today(), 11)), /a partir do 10º dia anterior/],
      [cobrBody(idRec, addDays(today(), -1)), /anterior à data de criação/],
      [cobrBody(idRec, addDays(today(), 3)), /fora da vigência da recorrência/],
      [cobrBody(idRec, addDays(today(), 6), { valor: { original: '100.00' } }), /difere do valor fixo da recorrência \(99\.90\)/],
      [cobrBody(idRec, addDays(today(), 6)), /no mesmo ciclo/],
      [cobrBody(idRec, addDays(today(), 6), { ajusteDiaUtil: undefined }), /cobr\.ajusteDiaUtil/],
      [cobrBody(idRec, addDays(today(), 6), { recebedor: { conta: '1', tipoConta: 'CORRENTISTA' } }), /cobr\.recebedor\.tipoConta/],
    ];
    for (const [body, razao] of cases) {
      const answer = await call('PUT', `/cobr/${newTxid()}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobROperacaoInvalida');
      expect(JSON.stringify(answer.body.violacoes)).toMatch(razao);
    }
    const missing = await call('GET', `/cobr/${newTxid()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobRNaoEncontrado');
  });

  it('retries a failed charge within PERMITE_3R_7D: a new attempt a future day, one at a time, three at most, then REJEITADA', async () => {
    const idRec = await approvedRec();
    const txid = newTxid();
    const due = addDays(today(), 5);
    await call('PUT', `/cobr/${txid}`, cobrBody(idRec));
    const failed = await control(t.sim, 'POST', `/cobr/${txid}/fail`, { codigo: 'AM02' });
    expect(failed.body).toMatchObject({ status: 'ATIVA', tentativas: [{ tipo: 'AGND', status: 'REJEITADA', rejeicao: { codigo: 'AM02' } }] });
    expect((await control(t.sim, 'POST', `/cobr/${txid}/pay`)).status).toBe(409);

    for (const [data, razao] of [
      [today(), /não corresponde a uma data futura/],
      [addDays(due, 8), /até 3 retentativas, até/],
      ['2026-02-30', /não é uma data válida/],
    ] as const) {
      const refused = await call('POST', `/cobr/${txid}/retentativa/${data}`);
      expect(refused.status, data).toBe(400);
      expect(refused.body.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobROperacaoInvalida');
      expect(refused.body.violacoes[0].razao).toMatch(razao);
    }
    for (let n = 1; n <= 3; n++) {
      const retried = await call('POST', `/cobr/${txid}/retentativa/${addDays(due, n)}`);
      expect(retried.status).toBe(201);
      expect(retried.body.tentativas.at(-1)).toMatchObject({ tipo: 'NTAG', status: 'AGENDADA', dataLiquidacao: addDays(due, n) });
      const busy = await call('POST', `/cobr/${txid}/retentativa/${addDays(due, n + 1)}`);
      expect(busy.body.violacoes[0].razao).toBe('Existe uma tentativa com status SOLICITADA ou AGENDADA.');
      await control(t.sim, 'POST', `/cobr/${txid}/fail`, { codigo: 'AM02' });
    }
    const rejected = (await call('GET', `/cobr/${txid}`)).body;
    expect(rejected.status).toBe('REJEITADA');
    expect(rejected.encerramento).toEqual({ rejeicao: { codigo: 'AM02', descricao: 'Liquidação não realizada pelo PSP do pagador' } });
    expect(rejected.tentativas.map((x: { tipo: string; status: string }) => `${x.tipo} ${x.status}`)).toEqual(['AGND REJEITADA', 'NTAG REJEITADA', 'NTAG REJEITADA', 'NTAG REJEITADA']);
    await t.receiver.until(9);
    expect(cobrCallbacks().map(([, status, attempts]) => `${status} ${(attempts as string[]).join(',')}`)).toEqual([
      'ATIVA AGENDADA',
      'ATIVA REJEITADA',
      'ATIVA REJEITADA,AGENDADA',
      'ATIVA REJEITADA,REJEITADA',
      'ATIVA REJEITADA,REJEITADA,AGENDADA',
      'ATIVA REJEITADA,REJEITADA,REJEITADA',
      'ATIVA REJEITADA,REJEITADA,REJEITADA,AGENDADA',
      'REJEITADA REJEITADA,REJEITADA,REJEITADA,REJEITADA',
    ]);
  });

  it('a retried charge can be paid; without retries (NAO_PERMITE) or with a final code a failure ends it', async () => {
    const retried = newTxid();
    await call('PUT', `/cobr/${retried}`, cobrBody(await approvedRec()));
    await control(t.sim, 'POST', `/cobr/${retried}/fail`);
    await call('POST', `/cobr/${retried}/retentativa/${addDays(today(), 6)}`);
    expect((await control(t.sim, 'POST', `/cobr/${retried}/pay`)).body).toMatchObject({ status: 'CONCLUIDA', pix: [{ valor: '99.90' }] });

    const strict = newTxid();
    await call('PUT', `/cobr/${strict}`, cobrBody(await approvedRec('NAO_PERMITE')));
    expect((await control(t.sim, 'POST', `/cobr/${strict}/fail`)).body.status).toBe('REJEITADA');
    const noRetry = await call('POST', `/cobr/${strict}/retentativa/${addDays(today(), 6)}`);
    expect(noRetry.body.violacoes[0].razao).toBe('A política configurada na recorrência não permite retentativa de cobrança.');

    const final = newTxid();
    await call('PUT', `/cobr/${final}`, cobrBody(await approvedRec()));
    expect((await control(t.sim, 'POST', `/cobr/${final}/fail`, { codigo: 'AC05' })).body).toMatchObject({ status: 'REJEITADA', encerramento: { rejeicao: { codigo: 'AC05' } } });
    expect((await control(t.sim, 'POST', `/cobr/${final}/fail`, { codigo: 'NOPE' })).status).toBe(400);
  });

  it('expires a failed charge nobody retried once the 7 days after its date are behind', async () => {
    const txid = newTxid();
    await call('PUT', `/cobr/${txid}`, cobrBody(await approvedRec()));
    await control(t.sim, 'POST', `/cobr/${txid}/fail`);
    await control(t.sim, 'POST', '/clock', { advanceSeconds: 13 * 86_400 });
    t.token = await tokenFor(t.sim);
    const expired = (await call('GET', `/cobr/${txid}`)).body;
    expect(expired.status).toBe('EXPIRADA');
    expect(statuses(expired.atualizacao)).toEqual(['CRIADA', 'ATIVA', 'EXPIRADA']);
    await t.receiver.until(4);
    expect(cobrCallbacks().at(-1)!.slice(1)).toEqual(['EXPIRADA', ['REJEITADA']]);
  });

  it('is cancelled by the receiver before the day of its first attempt, and with its recurrence', async () => {
    const idRec = await approvedRec();
    const txid = newTxid();
    await call('PUT', `/cobr/${txid}`, cobrBody(idRec));
    const cancelled = await call('PATCH', `/cobr/${txid}`, { status: 'CANCELADA' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELADA', encerramento: { cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR' } }, tentativas: [{ status: 'CANCELADA' }] });
    expect((await call('PATCH', `/cobr/${txid}`, { status: 'CANCELADA' })).status).toBe(400);
    expect((await call('PATCH', `/cobr/${txid}`, { status: 'CONCLUIDA' })).body.violacoes[0].propriedade).toBe('cobr.status');

    // A cancelled charge frees its cycle; the payer's cancellation of the recurrence cancels the new one.
    const next = newTxid();
    expect((await call('PUT', `/cobr/${next}`, cobrBody(idRec))).status).toBe(201);
    await control(t.sim, 'POST', `/rec/${idRec}/cancel`);
    expect((await call('GET', `/cobr/${next}`)).body).toMatchObject({ status: 'CANCELADA', encerramento: { cancelamento: { solicitante: 'USUARIO_PAGADOR', codigo: 'SLBD' } } });

    const late = newTxid();
    await call('PUT', `/cobr/${late}`, cobrBody(await approvedRec()));
    const attemptDay = (await call('GET', `/cobr/${late}`)).body.tentativas[0].dataLiquidacao;
    await control(t.sim, 'POST', '/clock', { advanceSeconds: (Date.parse(`${attemptDay}T12:00:00-03:00`) - t.sim.psp.now()) / 1000 });
    t.token = await tokenFor(t.sim);
    const tooLate = await call('PATCH', `/cobr/${late}`, { status: 'CANCELADA' });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.violacoes[0].razao).toMatch(/igual ou maior que a data prevista da primeira tentativa/);
  });
});

import { describe, expect, it } from 'vitest';
import type { RecurrenceRegistration } from '../../src/domain/recurrences/recurrence-institution';
import { callbackCobrTxids, callbackRecIds, cobrOf, cobrRequest, recCancelRequest, recOf, recQrOf, recRequest, solicrecRequest } from '../../src/infra/apipix/rec-transformers';
import { apiPixSpec } from '../support/apipix-spec';
import { requestProblems } from '../support/apipix-conformance';
import { CYCLE_STATUS_OF_SPEC } from '../../src/domain/recurrences/cycle-status';
import { ENDED_BY_OF_SPEC, PUSH_REQUEST_STATUS_OF_SPEC, RECURRENCE_STATUS_OF_SPEC } from '../../src/domain/recurrences/recurrence-status';

const ID_REC = 'RN1234567820240115abcdefghijk';
const TXID = '3136957d93134f2184b369e8f1c0729d';
const payer = { name: 'Fulano de Tal', document: '45164632481', documentType: 'CPF' as const };
const registration = (over: Partial<RecurrenceRegistration> = {}): RecurrenceRegistration => ({
  seller: { id: 's_1', name: 'Loja' },
  journey: 'QR',
  contract: { object: 'Serviço de Streamming de Música.', number: '63100862', payer },
  calendar: { firstDate: '2024-04-01', lastDate: '2025-04-01', period: 'MONTHLY' },
  amount: { type: 'FIXED', cents: 3_500 },
  retryPolicy: 'NONE',
  payerAccount: null,
  firstPayment: null,
  authorisationExpiresAt: new Date('2023-12-20T12:17:11.926Z'),
  now: new Date('2023-12-13T12:00:00Z'),
  ...over,
});

/** The spec's examples, by name (components.examples). */
const example = (name: string) => apiPixSpec().components.examples[name].value;

describe('the API Pix PIX Automático requests', () => {
  it("POST /rec is the spec's recBody1 in our terms (J3), and the spec accepts it", () => {
    const body = recRequest(registration({ journey: 'QR_WITH_FIRST_PAYMENT', firstPayment: { txid: '33beb661beda44a8928fef47dbeb2dc5', copyPaste: '000201' } }), { loc: 108 });
    expect(body).toEqual(example('recBody1'));
    expect(requestProblems({ method: 'POST', path: '/rec', body })).toEqual([]);
  });

  it("a variable amount with a minimum, retries allowed and no last date is recBody2's shape", () => {
    const body = recRequest(
      registration({
        contract: { object: 'Serviço de Plano de Saúde.', number: '998782003', payer: { name: 'Beltrano da Silva', document: '02989131415', documentType: 'CPF' } },
        calendar: { firstDate: '2024-10-10', lastDate: null, period: 'YEARLY' },
        amount: { type: 'VARIABLE', minimumCents: 500_000 },
        retryPolicy: 'THREE_IN_SEVEN_DAYS',
      }),
      { loc: null },
    );
    expect(body).toEqual(example('recBody2'));
    expect(requestProblems({ method: 'POST', path: '/rec', body })).toEqual([]);
  });

  it('a variable amount without a minimum sends no valor; a CNPJ payer is devedor.cnpj', () => {
    const body = recRequest(registration({ amount: { type: 'VARIABLE', minimumCents: null }, contract: { object: null, number: 'C-1', payer: { name: 'Loja SA', document: '12ABC34501DE35', documentType: 'CNPJ' } } }), { loc: null });
    expect(body).not.toHaveProperty('valor');
    expect(body.vinculo).toEqual({ contrato: 'C-1', devedor: { cnpj: '12ABC34501DE35', nome: 'Loja SA' } });
    expect(requestProblems({ method: 'POST', path: '/rec', body })).toEqual([]);
  });

  it("POST /solicrec is the spec's solicRecBody1 in our terms", () => {
    const body = solicrecRequest({ recId: 'RN123456782024011577825445612', payer: { ...payer, document: '15231470190' }, account: { ispb: '91193552', branch: '2569', number: '550689' }, expiresAt: new Date('2023-12-20T12:17:11.926Z') });
    expect(body).toEqual(example('solicRecBody1'));
    expect(requestProblems({ method: 'POST', path: '/solicrec', body })).toEqual([]);
  });

  it('PATCH /rec/{idRec} cancels with status CANCELADA', () => {
    expect(requestProblems({ method: 'PATCH', path: `/rec/${ID_REC}`, body: recCancelRequest() })).toEqual([]);
  });

  it('PUT /cobr/{txid} carries the idRec, due date, amount and the platform account', () => {
    const body = cobrRequest({ recId: ID_REC, txid: TXID, dueDate: '2024-04-15', amount: 10_607, description: 'Serviços de Streamming de Música e Filmes.' }, { number: '012682', branch: '9708', type: 'CORRENTE' });
    const { devedor: _devedor, ...spec } = example('cobRBody1');
    expect(body).toEqual({ ...spec, idRec: ID_REC });
    expect(requestProblems({ method: 'PUT', path: `/cobr/${TXID}`, body })).toEqual([]);
  });

  it('POST /cobr/{txid}/retentativa/{data} takes no body', () => {
    expect(requestProblems({ method: 'POST', path: `/cobr/${TXID}/retentativa/2024-06-24` })).toEqual([]);
  });
});

describe('the API Pix PIX Automático answers, in our words', () => {
  it('a recurrence: status, the push request, and who ended it', () => {
    expect(recOf(example('recResponse3'))).toMatchObject({ recId: 'RN1234567820240115abcdefghijk', status: 'APPROVED', end: null });
    expect(recQrOf(example('recResponse3'))).toMatch(/^000201/);
    expect(recOf({ idRec: ID_REC, status: 'CANCELADA', encerramento: { cancelamento: { solicitante: 'USUARIO_PAGADOR', codigo: 'ACCL', descricao: 'não quero mais' } } })).toEqual({
      recId: ID_REC,
      status: 'CANCELLED',
      pushRequestStatus: null,
      end: { by: 'PAYER', reason: 'ACCL: não quero mais' },
    });
    expect(recOf({ idRec: ID_REC, status: 'REJEITADA', encerramento: { rejeicao: { codigo: 'AP13', descricao: 'recusada' } }, solicitacao: [{ status: 'REJEITADA' }] })).toMatchObject({
      status: 'REJECTED',
      pushRequestStatus: 'REJECTED',
      end: { by: 'PAYER', reason: 'AP13: recusada' },
    });
    expect(recOf({ idRec: ID_REC, status: 'PENDENTE' })).toBeNull();
    expect(recOf({ status: 'APROVADA' })).toBeNull();
  });

  it("a recurring charge: the spec's cobRResponse3 has one failed attempt and one scheduled", () => {
    expect(cobrOf(example('cobRResponse3'))).toEqual({
      txid: '7f733863543b4a16b516d839bd4bc34e',
      status: 'ACTIVE',
      attempts: [
        { on: '2024-06-22', outcome: 'FAILED', reason: 'attempt expirada' },
        { on: '2024-06-24', outcome: 'PENDING', reason: null },
      ],
      pix: [],
      reason: null,
    });
  });

  it('a settled recurring charge carries its Pix; a cancelled one its reason', () => {
    const pix = { endToEndId: 'E12345678202406201221abcdef12345', txid: TXID, valor: '106.07', horario: '2024-04-15T12:00:00Z' };
    expect(cobrOf({ txid: TXID, status: 'CONCLUIDA', tentativas: [{ dataLiquidacao: '2024-04-15', tipo: 'AGND', endToEndId: pix.endToEndId, status: 'PAGA' }], pix: [pix] })).toMatchObject({
      status: 'PAID',
      attempts: [{ on: '2024-04-15', outcome: 'PAID' }],
      pix: [{ endToEndId: pix.endToEndId, cents: 10_607, txid: TXID }],
    });
    expect(cobrOf({ txid: TXID, status: 'CANCELADA', encerramento: { cancelamento: { solicitante: 'USUARIO_PAGADOR', codigo: 'ACCT', descricao: 'conta encerrada' } } })).toMatchObject({
      status: 'CANCELLED',
      reason: 'ACCT: conta encerrada',
    });
  });

  it('the callbacks name their recurrences and recurring charges, each once, and nothing malformed', () => {
    expect(callbackRecIds({ recs: [{ idRec: ID_REC }, { idRec: ID_REC }, { idRec: 'short' }, null] })).toEqual([ID_REC]);
    expect(callbackCobrTxids({ cobsr: [{ txid: TXID }, { txid: 'x' }, 'junk'] })).toEqual([TXID]);
    expect(callbackRecIds({ pix: [] })).toEqual([]);
    expect(callbackCobrTxids(null)).toEqual([]);
  });
});

describe('the status tables', () => {
  const schemas = () => apiPixSpec().components.schemas;
  const sorted = (xs: Iterable<string>) => [...xs].sort();
  it('map every status the spec defines for a recurrence, a push request and a recurring charge', () => {
    expect(sorted(Object.keys(RECURRENCE_STATUS_OF_SPEC))).toEqual(sorted(schemas().RecStatus.properties.status.enum));
    expect(sorted(Object.keys(PUSH_REQUEST_STATUS_OF_SPEC))).toEqual(sorted(schemas().SolicRecStatus.properties.status.enum));
    expect(sorted(Object.keys(CYCLE_STATUS_OF_SPEC))).toEqual(sorted(schemas().CobRStatus.properties.status.enum));
  });

  it('map every party the spec lets end a recurrence', () => {
    const solicitante = JSON.stringify(apiPixSpec().components.schemas.RecEncerramento).match(/"solicitante":\{[^}]*"enum":\[([^\]]*)\]/);
    expect(solicitante).not.toBeNull();
    expect(sorted(Object.keys(ENDED_BY_OF_SPEC))).toEqual(sorted(JSON.parse(`[${solicitante![1]}]`)));
  });
});

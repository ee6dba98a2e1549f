import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseBrCode, verifyBrCode } from '../../src/domain/pix/br-code';
import { isRecurrenceId } from '../../src/domain/recurrences/recurrence-id';
import { gql, onboardSeller, startTestAppWithSeller, type Seller, type TestApp } from '../support/app';
import { sqlOf } from '../support/platform';
import { rest } from '../support/rest';
import { parseTlv } from '../../src/domain/pix/emv';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { assertApiPixResponse } from '../support/apipix-conformance';
import { contractFetch } from '../support/contract';

const BASE = '/api/v1/cobranca/recurrences';

let app: TestApp;
let seller: Seller;

startTestAppWithSeller({ ROLE: 'api' }, (started, onboarded) => {
  [app, seller] = [started, onboarded];
});

const body = (over: Record<string, unknown> = {}) => ({
  contract: { object: 'Gym membership', number: 'C-2027-001', payer: { name: 'Maria Souza', document: '52998224725' } },
  calendar: { firstDate: '2027-01-31', period: 'MONTHLY' },
  amountType: 'FIXED',
  amount: 9990,
  retryPolicy: 'THREE_IN_SEVEN_DAYS',
  ...over,
});

const create = (b: unknown, key = randomUUID(), apiKey = seller.apiKey) => rest(app, 'POST', BASE, { key: apiKey, body: b, idempotencyKey: key });
const eventsOf = async (id: string) =>
  (await sqlOf(app).query<{ event_type: string }>('select event_type from outbox where aggregate_id = ? order by id', [id])).map((e) => e.event_type);

describe('PIX Automático recurrences', () => {
  it('J2: a recurrence QR with its image, then approved by the payer, each event once', async () => {
    const res = await create(body());
    expect(res.status).toBe(201);
    const r = res.body.data;
    expect(r).toMatchObject({ status: 'CREATED', journey: 'QR', amountType: 'FIXED', amount: 9990, minimumAmount: null, retryPolicy: 'THREE_IN_SEVEN_DAYS' });
    expect(isRecurrenceId(r.recId) && r.recId.startsWith('RR')).toBe(true);
    expect(verifyBrCode(r.authorisation.copyPaste)).toBe(true);
    const image = await fetch(r.authorisation.qrCode);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/png');

    const approved = await rest(app, 'POST', `/v1/sandbox/recurrences/${r.id}/approve`, { key: seller.apiKey });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'APPROVED', endedBy: null });
    expect(approved.body.data.approvedAt).not.toBeNull();
    expect(await eventsOf(r.id)).toEqual(['RECURRENCE_CREATED', 'RECURRENCE_APPROVED']);

    const cancelled = await rest(app, 'POST', `${BASE}/${r.id}/cancel`, { key: seller.apiKey, body: { reason: 'membership ended' } });
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', endedBy: 'SELLER', endReason: 'membership ended' });
    const again = await rest(app, 'POST', `/v1/sandbox/recurrences/${r.id}/approve`, { key: seller.apiKey });
    expect([again.status, again.body.code ?? again.body.erro]).toEqual([409, 'RECURRENCE_STATUS_CONFLICT']);
    expect(await eventsOf(r.id)).toEqual(['RECURRENCE_CREATED', 'RECURRENCE_APPROVED', 'RECURRENCE_CANCELLED']);
  });

  it('J1: a push request follows the payer’s answer', async () => {
    const r = (await create(body({ journey: 'PUSH_REQUEST', retryPolicy: 'NONE' }))).body.data;
    expect(r.authorisation).toMatchObject({ pushRequestStatus: 'SENT', copyPaste: null, qrCode: null });
    expect(r.recId.startsWith('RN')).toBe(true);
    const rejected = (await rest(app, 'POST', `/v1/sandbox/recurrences/${r.id}/reject`, { key: seller.apiKey, body: { reason: 'not mine' } })).body.data;
    expect(rejected).toMatchObject({ status: 'REJECTED', endedBy: 'PAYER', endReason: 'not mine', authorisation: { pushRequestStatus: 'REJECTED' } });
  });

  it('J3: one QR pays the first charge and carries the authorisation', async () => {
    const r = (await create(body({ journey: 'QR_WITH_FIRST_PAYMENT', firstPaymentAmount: 4990, amountType: 'VARIABLE', amount: undefined, minimumAmount: 1000 }))).body.data;
    expect(r).toMatchObject({ amountType: 'VARIABLE', amount: null, minimumAmount: 1000 });
    const charge = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${r.authorisation.firstPaymentTransactionId}`, { key: seller.apiKey })).body.data;
    expect(charge).toMatchObject({ amount: 4990, paymentMethod: 'PIX', status: 'PENDING' });
    const fields = parseBrCode(r.authorisation.copyPaste);
    expect(fields.amountCents).toBe(4990);
    expect(r.authorisation.copyPaste).toContain('80');
    expect(verifyBrCode(r.authorisation.copyPaste)).toBe(true);
  });

  it("J2 and J3: the QR's location answers the recurrence as API Pix's RecPayload, signed", async () => {
    // The receiver of PIX Automático is a company (RecPayload's recebedor has a CNPJ); its review is done here.
    const company = await onboardSeller(app, { document: '11.222.333/0001-81' });
    await sqlOf(app).query(`update sellers set kyc_status = 'APPROVED' where id = ?`, [company.sellerId]);
    const jwks = createLocalJWKSet((await (await contractFetch(`${app.url}/pix/jwks`)).json()) as JSONWebKeySet);
    const read = async (copyPaste: string) => {
      const template80 = parseTlv(parseTlv(copyPaste).find((f) => f.id === '80')!.value);
      const location = `http://${template80.find((f) => f.id === '25')!.value}`;
      const res = await contractFetch(location);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/jose; charset=utf-8']);
      const payload = JSON.parse(new TextDecoder().decode((await compactVerify(await res.text(), jwks)).payload));
      // The payer's bank reads it as API Pix's GET /rec/{recUrlAccessToken} answers it.
      assertApiPixResponse({ method: 'GET', path: '/rec/token', status: 200, contentType: 'application/jose', body: payload });
      return payload;
    };
    const j2 = (await create(body({ contract: { object: 'Academia', number: 'C-77', payer: { name: 'Maria Souza', document: '52998224725' } } }), randomUUID(), company.apiKey)).body.data;
    expect(await read(j2.authorisation.copyPaste)).toEqual({
      idRec: j2.recId,
      vinculo: { contrato: 'C-77', objeto: 'Academia', devedor: { cpf: '52998224725', nome: 'Maria Souza' } },
      calendario: { dataInicial: '2027-01-31', periodicidade: 'MENSAL' },
      politicaRetentativa: 'PERMITE_3R_7D',
      valor: { valorRec: '99.90' },
      recebedor: { cnpj: '11222333000181', nome: 'Loja Teste', ispbParticipante: j2.recId.slice(2, 10) },
      atualizacao: [{ status: 'CRIADA', data: j2.createdAt }],
    });
    await rest(app, 'POST', `/v1/sandbox/recurrences/${j2.id}/approve`, { key: company.apiKey });
    const approved = await read(j2.authorisation.copyPaste);
    expect(approved.atualizacao.map((a: { status: string }) => a.status)).toEqual(['CRIADA', 'APROVADA']);

    const j3 = (await create(body({ journey: 'QR_WITH_FIRST_PAYMENT', firstPaymentAmount: 4990, amountType: 'VARIABLE', amount: undefined, minimumAmount: 1000 }), randomUUID(), company.apiKey)).body.data;
    expect(await read(j3.authorisation.copyPaste)).toMatchObject({ idRec: j3.recId, valor: { valorMinimoRecebedor: '10.00' } });
    // The composite QR still pays its first charge: the charge's location answers the charge.
    const chargeLocation = (await rest(app, 'GET', `/api/v1/cobranca/transactions/${j3.authorisation.firstPaymentTransactionId}`, { key: company.apiKey })).body.data.pix.qrCode.replace(/\.png$/, '');
    const charge = JSON.parse(new TextDecoder().decode((await compactVerify(await (await contractFetch(chargeLocation)).text(), jwks)).payload));
    expect(charge).toMatchObject({ valor: { original: '49.90' }, status: 'ATIVA' });

    const unknown = await contractFetch(`${app.url}/pix/qr/rec${'x'.repeat(24)}`);
    expect([unknown.status, ((await unknown.json()) as { erro?: string }).erro]).toEqual([404, 'LOCATION_NOT_FOUND']);
  });

  it('is idempotent: the same key and body answer the same recurrence; another body is a conflict', async () => {
    const key = randomUUID();
    const first = await create(body(), key);
    const second = await create(body(), key);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.data.id).toBe(first.body.data.id);
    const count = await sqlOf(app).one<{ n: string }>('select count(*) as n from recurrences where id = ?', [first.body.data.id]);
    expect(Number(count!.n)).toBe(1);
    const conflict = await create(body({ amount: 1 }), key);
    expect(conflict.status).toBe(422);
  });

  it('keeps sellers apart: another seller can neither read, list nor cancel a recurrence', async () => {
    const r = (await create(body())).body.data;
    const other = await onboardSeller(app);
    expect((await rest(app, 'GET', `${BASE}/${r.id}`, { key: other.apiKey })).status).toBe(404);
    expect((await rest(app, 'POST', `${BASE}/${r.id}/cancel`, { key: other.apiKey })).status).toBe(404);
    expect((await rest(app, 'GET', BASE, { key: other.apiKey })).body.data.total).toBe(0);
    const mine = (await rest(app, 'GET', `${BASE}?status=CREATED&take=100`, { key: seller.apiKey })).body.data;
    expect(mine.items.map((i: { id: string }) => i.id)).toContain(r.id);
  });

  it('refuses bad input with a 400 naming the field, never a 5xx', async () => {
    for (const [over, code] of [
      [{ calendar: { firstDate: '2027-02-30', period: 'MONTHLY' } }, 'INVALID_DATE'],
      [{ amount: 12.5 }, 'INVALID_AMOUNT'],
      [{ contract: { number: 'x', payer: { name: 'A', document: '123' } } }, 'INVALID_PAYER_DOCUMENT'],
      [{ journey: 'QR_WITH_FIRST_PAYMENT' }, 'INVALID_FIRST_PAYMENT'],
    ] as const) {
      const res = await create(body(over));
      expect([res.status, res.body.code]).toEqual([400, code]);
    }
  });

  it('GraphQL runs the same commands: a recurrence created there is the one REST reads, and the same key replays it', async () => {
    const CREATE = 'mutation($input: CreateRecurrenceInput!, $key: String!){ createRecurrence(input: $input, idempotencyKey: $key){ id status amount authorisation { copyPaste qrCode } } }';
    const input = { ...body(), amount: 4500 };
    const key = randomUUID();
    const created = (await gql(app, CREATE, { input, key }, seller.apiKey)).data!.createRecurrence;
    expect(created).toMatchObject({ status: 'CREATED', amount: 4500 });
    expect((await gql(app, CREATE, { input, key }, seller.apiKey)).data!.createRecurrence.id).toBe(created.id);
    const viaRest = (await rest(app, 'GET', `${BASE}/${created.id}`, { key: seller.apiKey })).body.data;
    expect(viaRest.authorisation.copyPaste).toBe(created.authorisation.copyPaste);
    const cancelled = (await gql(app, 'mutation($id: ID!){ cancelRecurrence(id: $id, reason: "moved away"){ status endedBy endReason } }', { id: created.id }, seller.apiKey)).data!.cancelRecurrence;
    expect(cancelled).toEqual({ status: 'CANCELLED', endedBy: 'SELLER', endReason: 'moved away' });
    const listed = (await gql(app, '{ recurrences(status: "CANCELLED", take: 100){ items { id } total } }', {}, seller.apiKey)).data!.recurrences;
    expect(listed.items.map((i: { id: string }) => i.id)).toContain(created.id);
  });
});

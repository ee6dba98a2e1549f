import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseBrCode, verifyBrCode } from '../../src/domain/pix/br-code';
import { isRecurrenceId } from '../../src/domain/recurrences/recurrence-id';
import { gql, onboardSeller, startTestAppWithSeller, type Seller, type TestApp } from '../support/app';
import { sqlOf } from '../support/platform';
import { rest } from '../support/rest';

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

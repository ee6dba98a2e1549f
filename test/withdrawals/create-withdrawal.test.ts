import { randomUUID } from 'node:crypto';
import { isCuid } from '@paralleldrive/cuid2';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { onboardSeller, type TestApp, startTestAppWithSeller, type Seller } from '../support/app';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';
import { available, createWithdrawal, enableTwoFactor, fund, outboxEvents, WD } from './support';

let app: TestApp;
let seller: Seller;

startTestAppWithSeller({ ROLE: 'api' }, async (started, onboarded) => {
  [app, seller] = [started, onboarded];
  await fund(app, seller.sellerId, 100_000_000);
});

const base = { amount: 1_000, method: 'PIX', pixKeyType: 'CPF', pixKey: '529.982.247-25' };
const big = { ...base, amount: 500_001, beneficiaryName: 'João da Silva', beneficiaryDocumentType: 'CPF', beneficiaryDocumentNumber: '529.982.247-25' };

describe('POST /api/v1/cobranca/withdrawals', () => {
  it('201 with exactly the SPEC fields, PENDING, nulls when empty; debits amount + fee at once', async () => {
    const before = await available(app, seller.apiKey);
    const res = await createWithdrawal(app, seller.apiKey, { ...base, pixKeyType: 'PHONE', pixKey: '(11) 98765-4321', description: 'Saque', metadata: {} });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe(true);
    const w = res.body.data;
    expect(Object.keys(w)).toEqual(['id', 'amount', 'method', 'pixKey', 'pixKeyType', 'status', 'end2end', 'approvedAt', 'processedAt', 'metadata', 'createdAt']);
    expect(w).toEqual({
      id: expect.any(String),
      amount: 1_000,
      method: 'PIX',
      pixKey: '+5511987654321',
      pixKeyType: 'PHONE',
      status: 'PENDING',
      end2end: null,
      approvedAt: null,
      processedAt: null,
      metadata: null,
      createdAt: app.clock.now().toISOString(),
    });
    expect(isCuid(w.id)).toBe(true);
    // Default plan: R$ 1.00 per withdrawal.
    expect(before - (await available(app, seller.apiKey))).toBe(1_100);
    expect((await outboxEvents(app, w.id)).map((e) => e.eventType)).toEqual(['WITHDRAWAL_CREATED']);

    const got = await rest(app, 'GET', `${WD}/${w.id}`, { key: seller.apiKey });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ ...w, feeAmount: 100, totalAmount: 1_100, description: 'Saque' });
  });

  it('keeps metadata and beneficiary data (normalised) above the threshold', async () => {
    const res = await createWithdrawal(app, seller.apiKey, { ...big, beneficiaryDocumentType: 'CNPJ', beneficiaryDocumentNumber: '12.ABC.345/01DE-35', metadata: { order: 'A-1' } });
    expect(res.status).toBe(201);
    expect(res.body.data.metadata).toEqual({ order: 'A-1' });
    const got = (await rest(app, 'GET', `${WD}/${res.body.data.id}`, { key: seller.apiKey })).body.data;
    expect(got).toMatchObject({ beneficiaryName: 'João da Silva', beneficiaryDocumentType: 'CNPJ', beneficiaryDocumentNumber: '12ABC34501DE35' });
  });

  it('every rule is a 400 with its own code in the cobranca format; nothing is debited', async () => {
    const before = await available(app, seller.apiKey);
    const cases: [unknown, string][] = [
      [[], 'INVALID_BODY'],
      [{ ...base, amount: undefined }, 'AMOUNT_REQUIRED'],
      [{ ...base, amount: '1000' }, 'INVALID_AMOUNT'],
      [{ ...base, amount: 10.5 }, 'INVALID_AMOUNT'],
      [{ ...base, amount: 499 }, 'AMOUNT_TOO_LOW'],
      [{ ...base, amount: 100_000_001 }, 'AMOUNT_TOO_HIGH'],
      [{ ...base, method: undefined }, 'METHOD_REQUIRED'],
      [{ ...base, method: 7 }, 'INVALID_METHOD'],
      [{ ...base, method: 'BOLETO' }, 'UNSUPPORTED_METHOD'],
      [{ ...base, pixKeyType: undefined }, 'PIX_KEY_TYPE_REQUIRED'],
      [{ ...base, pixKeyType: 'IBAN' }, 'INVALID_PIX_KEY_TYPE'],
      [{ ...base, pixKey: '' }, 'PIX_KEY_REQUIRED'],
      [{ ...base, pixKey: '123.456.789-00' }, 'INVALID_PIX_KEY_CPF'],
      [{ ...base, pixKeyType: 'CNPJ', pixKey: '11.222.333/0001-00' }, 'INVALID_PIX_KEY_CNPJ'],
      [{ ...base, pixKeyType: 'PHONE', pixKey: '+44 20 7946 0958' }, 'INVALID_PIX_KEY_PHONE'],
      [{ ...base, pixKeyType: 'EMAIL', pixKey: 'ana@' }, 'INVALID_PIX_KEY_EMAIL'],
      [{ ...base, pixKeyType: 'EVP', pixKey: 'not-a-uuid' }, 'INVALID_PIX_KEY_EVP'],
      [{ ...base, description: 'd'.repeat(141) }, 'DESCRIPTION_TOO_LONG'],
      [{ ...base, description: ['x'] }, 'INVALID_DESCRIPTION'],
      [{ ...base, externalReference: 'r'.repeat(101) }, 'INVALID_EXTERNAL_REFERENCE'],
      [{ ...base, metadata: 'x' }, 'INVALID_METADATA'],
      [{ ...big, beneficiaryName: undefined }, 'BENEFICIARY_NAME_REQUIRED'],
      [{ ...big, beneficiaryName: '!!!' }, 'INVALID_BENEFICIARY_NAME'],
      [{ ...big, beneficiaryDocumentType: undefined }, 'BENEFICIARY_DOCUMENT_TYPE_REQUIRED'],
      [{ ...big, beneficiaryDocumentType: 'PASSPORT' }, 'INVALID_BENEFICIARY_DOCUMENT_TYPE'],
      [{ ...big, beneficiaryDocumentNumber: undefined }, 'BENEFICIARY_DOCUMENT_NUMBER_REQUIRED'],
      [{ ...big, beneficiaryDocumentNumber: '529.982.247-00' }, 'INVALID_BENEFICIARY_DOCUMENT_NUMBER'],
      [{ ...big, beneficiaryDocumentType: 'CNPJ', beneficiaryDocumentNumber: '11.222.333/0001-00' }, 'INVALID_BENEFICIARY_DOCUMENT_NUMBER'],
      [{ ...big, beneficiaryDocumentNumber: '11.222.333/0001-81' }, 'BENEFICIARY_DOCUMENT_TYPE_MISMATCH'],
    ];
    for (const [body, code] of cases) {
      const res = await createWithdrawal(app, seller.apiKey, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code });
      expect(res.body).toEqual({ code, message: expect.any(String), correlationID: res.headers.get('x-request-id'), details: expect.any(Object) });
    }
    expect(await available(app, seller.apiKey)).toBe(before);
  });

  it('transport rules: Idempotency-Key required, JSON only, API key required (standard format)', async () => {
    const noKey = await rest(app, 'POST', WD, { key: seller.apiKey, body: base });
    expect(noKey.status).toBe(400);
    expect(noKey.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await createWithdrawal(app, seller.apiKey, base, { key: 'k'.repeat(129) })).body.code).toBe('IDEMPOTENCY_KEY_TOO_LONG');
    const text = await contractFetch(`${app.url}${WD}`, { method: 'POST', headers: { 'x-api-key': seller.apiKey, 'idempotency-key': randomUUID(), 'content-type': 'text/plain' }, body: 'amount=1000' });
    expect(text.status).toBe(415);
    const anonymous = await rest(app, 'POST', WD, { body: base, idempotencyKey: randomUUID() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status: false, erro: 'UNAUTHENTICATED', path: WD });
  });

  it('422 INSUFFICIENT_BALANCE when amount + fee exceed the available balance; nothing is written', async () => {
    const s = await onboardSeller(app);
    await fund(app, s.sellerId, 1_099);
    const res = await createWithdrawal(app, s.apiKey, base);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 'INSUFFICIENT_BALANCE', message: expect.any(String), correlationID: expect.any(String), details: expect.any(Object) });
    expect(await available(app, s.apiKey)).toBe(1_099);
    expect((await rest(app, 'GET', WD, { key: s.apiKey })).body.data.count).toBe(0);
    // Exactly enough works, and leaves zero.
    await fund(app, s.sellerId, 1);
    expect((await createWithdrawal(app, s.apiKey, base)).status).toBe(201);
    expect(await available(app, s.apiKey)).toBe(0);
  });

  it('403 SELLER_NOT_APPROVED for a seller whose KYC is not approved', async () => {
    const pending = await onboardSeller(app, { document: '111.111.111-11' });
    await fund(app, pending.sellerId, 10_000);
    const res = await createWithdrawal(app, pending.apiKey, base);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SELLER_NOT_APPROVED');
  });
});

describe('idempotency', () => {
  it('the same key and body replay the answer (same status) and debit once; another body is a conflict', async () => {
    const key = randomUUID();
    const before = await available(app, seller.apiKey);
    const a = await createWithdrawal(app, seller.apiKey, { ...base, amount: 777 }, { key });
    const b = await createWithdrawal(app, seller.apiKey, { ...base, amount: 777 }, { key });
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(before - (await available(app, seller.apiKey))).toBe(877);
    const conflict = await createWithdrawal(app, seller.apiKey, { ...base, amount: 778 }, { key });
    expect(conflict.status).toBe(422);
    expect(conflict.body.code).toBe('IDEMPOTENCY_KEY_CONFLICT');
  });

  it('concurrent requests with one key create one withdrawal', async () => {
    const key = randomUUID();
    const before = await available(app, seller.apiKey);
    const results = await Promise.all(Array.from({ length: 5 }, () => createWithdrawal(app, seller.apiKey, { ...base, amount: 612 }, { key })));
    const created = results.filter((r) => r.status === 201);
    expect(new Set(created.map((r) => r.body.data.id)).size).toBe(1);
    for (const r of results.filter((x) => x.status !== 201)) expect(r.body.code).toBe('IDEMPOTENCY_IN_FLIGHT');
    expect(before - (await available(app, seller.apiKey))).toBe(712);
  });

  it('a failed request (insufficient balance) frees its key for a corrected retry', async () => {
    const s = await onboardSeller(app);
    const key = randomUUID();
    expect((await createWithdrawal(app, s.apiKey, base, { key })).status).toBe(422);
    await fund(app, s.sellerId, 5_000);
    expect((await createWithdrawal(app, s.apiKey, base, { key })).status).toBe(201);
  });
});

describe('2FA (header X-2FA-Code)', () => {
  it('no code 403 MFA_REQUIRED; wrong code 403 INVALID_MFA_CODE; malformed 400; correct 201; replay refused', async () => {
    const s = await onboardSeller(app);
    await fund(app, s.sellerId, 100_000);
    const secret = await enableTwoFactor(app, s.session);
    const before = await available(app, s.apiKey);

    const none = await createWithdrawal(app, s.apiKey, base);
    expect(none.status).toBe(403);
    expect(none.body).toEqual({ code: 'MFA_REQUIRED', message: expect.any(String), correlationID: expect.any(String) });

    const code = totpCode(secret, app.clock.now());
    const wrong = await createWithdrawal(app, s.apiKey, base, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('INVALID_MFA_CODE');
    const malformed = await createWithdrawal(app, s.apiKey, base, { code: '12ab' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_MFA_CODE_FORMAT');
    expect(await available(app, s.apiKey)).toBe(before);

    const ok = await createWithdrawal(app, s.apiKey, base, { code });
    expect(ok.status).toBe(201);
    expect(before - (await available(app, s.apiKey))).toBe(1_100);

    // The same code cannot pay twice within its window (another request, another key).
    const replay = await createWithdrawal(app, s.apiKey, base, { code });
    expect(replay.status).toBe(403);
    expect(replay.body.code).toBe('INVALID_MFA_CODE');

    // The next window's code works.
    app.clock.advance(30_000);
    expect((await createWithdrawal(app, s.apiKey, base, { code: totpCode(secret, app.clock.now()) })).status).toBe(201);
    expect(before - (await available(app, s.apiKey))).toBe(2_200);
  });

  it('an idempotent replay returns the stored answer without spending a new code', async () => {
    const s = await onboardSeller(app);
    await fund(app, s.sellerId, 100_000);
    const secret = await enableTwoFactor(app, s.session);
    const key = randomUUID();
    const code = totpCode(secret, app.clock.now());
    const first = await createWithdrawal(app, s.apiKey, base, { key, code });
    expect(first.status).toBe(201);
    const retry = await createWithdrawal(app, s.apiKey, base, { key, code });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
  });

  it('without 2FA active no code is needed', async () => {
    expect((await createWithdrawal(app, seller.apiKey, base)).status).toBe(201);
  });
});

describe('GET /api/v1/cobranca/withdrawals/:id', () => {
  it("another seller's id and unknown ids are 404 WITHDRAWAL_NOT_FOUND in the cobranca format", async () => {
    const mine = (await createWithdrawal(app, seller.apiKey, base)).body.data;
    const other = await onboardSeller(app);
    const res = await rest(app, 'GET', `${WD}/${mine.id}`, { key: other.apiKey });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'WITHDRAWAL_NOT_FOUND', message: expect.any(String), correlationID: expect.any(String) });
    expect((await rest(app, 'GET', `${WD}/no-such-id`, { key: seller.apiKey })).status).toBe(404);
    expect((await rest(app, 'GET', `${WD}/${'x'.repeat(300)}`, { key: seller.apiKey })).status).toBe(404);
  });
});

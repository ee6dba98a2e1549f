import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gql, gqlErrorCode, onboardSeller, type Seller, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { sqlOf } from '../support/platform';
import { createWithdrawal } from '../withdrawals/support';
import { connect, createCharge, payCharge, TX, useMarketplaceApp, walletOf } from './support';

let app: TestApp;
let market: Seller;
let shopA: Seller;
let shopB: Seller;
useMarketplaceApp((t) => ({ app, market, shopA, shopB } = t));

const create = (body: unknown, key = randomUUID()) => createCharge(app, market, body, key);
const pay = (id: string, end2endId?: string) => payCharge(app, id, end2endId);
const wallet = (s: Seller) => walletOf(app, s);
const statement = async (s: Seller) => (await rest(app, 'GET', '/balance-statement/statements?take=100', { bearer: s.apiKey })).body.data as { amount: number; type: string; description: string; transactionId?: string }[];
const refund = (id: string, body: unknown) => rest(app, 'POST', `${TX}/${id}/refund`, { key: market.apiKey, body, idempotencyKey: randomUUID() });
const splits = (feePayer = 'MARKETPLACE') => ({ feePayer, recipients: [{ recipientId: shopA.sellerId, amount: 3_000 }, { recipientId: shopB.sellerId, basisPoints: 2_500 }] });

describe('split charges', () => {
  it('creates a split charge once per key, and pays every party in the transaction that marks it PAID', async () => {
    const key = randomUUID();
    const first = await create({ amount: 10_001, splits: splits() }, key);
    expect(first.status).toBe(201);
    expect(first.body.data.splits).toEqual({ feePayer: 'MARKETPLACE', recipients: [{ recipientId: shopA.sellerId, amount: 3_000 }, { recipientId: shopB.sellerId, basisPoints: 2_500 }] });
    const replay = await create({ amount: 10_001, splits: splits() }, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);
    const id = first.body.data.id as string;

    const before = await Promise.all([market, shopA, shopB].map(wallet));
    const e2e = 'E12345678202611271400abcdefghijk';
    await pay(id, e2e);
    const after = await Promise.all([market, shopA, shopB].map(wallet));
    // 25 % of 10001 is 2500.25: B gets 2500, A 3000, the marketplace the rest (4501) minus the fee (0.99 % of 10001 = 99).
    expect(after.map((w, i) => w.available - before[i]!.available)).toEqual([4_501 - 99, 3_000, 2_500]);

    const lines = (await statement(shopA)).filter((l) => l.transactionId === id);
    expect(lines).toEqual([expect.objectContaining({ type: 'CREDIT', amount: 3_000, description: `PIX received (split) [marketplace ${market.sellerId}, E2E ${e2e}]` })]);
    const marketLines = (await statement(market)).filter((l) => l.transactionId === id).map((l) => [l.type, l.amount]);
    expect(marketLines.sort()).toEqual([['CREDIT', 4_501], ['DEBIT', 99]]);

    // Paid twice: nothing moves twice.
    await app.services.transactionReports.apply({ reportId: `again-${id}`, transactionId: id, status: 'PAID' });
    expect(await Promise.all([market, shopA, shopB].map(wallet))).toEqual(after);
  });

  it('takes the fee pro rata or from a named recipient', async () => {
    const pro = (await create({ amount: 10_000, splits: splits('PRO_RATA') })).body.data.id;
    const named = (await create({ amount: 10_000, splits: { ...splits('RECIPIENT'), feeRecipientId: shopB.sellerId } })).body.data.id;
    await pay(pro);
    await pay(named);
    const fees = await sqlOf(app).query<{ transaction_id: string; seller_id: string; gross: string; fee: string }>(
      'select transaction_id, seller_id, gross, fee from transaction_split_parties where transaction_id in (?, ?) order by transaction_id, position',
      [pro, named],
    );
    const of = (t: string) => fees.filter((f) => f.transaction_id === t).map((f) => [Number(f.gross), Number(f.fee)]);
    // The fee is 99 (0.99 %): 44.55, 29.7 and 24.75 rounded down, the 2 cents left one each from the marketplace on.
    expect(of(pro)).toEqual([[4_500, 45], [3_000, 30], [2_500, 24]]);
    expect(of(named)).toEqual([[4_500, 0], [3_000, 0], [2_500, 99]]);
  });

  it('names the instruction at fault', async () => {
    const stranger = await onboardSeller(app);
    const notConnected = await create({ amount: 1_000, splits: { recipients: [{ recipientId: shopA.sellerId, amount: 10 }, { recipientId: stranger.sellerId, amount: 10 }] } });
    expect(notConnected.status).toBe(422);
    expect(notConnected.body.code).toBe('SPLIT_RECIPIENT_NOT_CONNECTED');
    expect(notConnected.body.message).toContain('splits.recipients[1]');
    const tooMuch = await create({ amount: 1_000, splits: { recipients: [{ recipientId: shopA.sellerId, amount: 600 }, { recipientId: shopB.sellerId, amount: 401 }] } });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([400, 'SPLIT_EXCEEDS_AMOUNT']);
    expect(tooMuch.body.message).toContain('splits.recipients[1]');
    const twice = await create({ amount: 1_000, splits: { recipients: [{ recipientId: shopA.sellerId, amount: 1 }, { recipientId: shopA.sellerId, amount: 1 }] } });
    expect([twice.status, twice.body.code]).toEqual([400, 'SPLIT_DUPLICATE_RECIPIENT']);
    const boleto = await create({ amount: 1_000, paymentMethod: 'BOLETO', dueDate: '2099-01-01', customer: { name: 'A B', document: '529.982.247-25' }, splits: splits() });
    expect(boleto.status).toBe(400);
  });

  it('refuses, in the create\'s own transaction, a recipient whose link ended or whose KYC approval was withdrawn: nothing is written and the key stays free', async () => {
    const late = await onboardSeller(app);
    await connect(app, market, late);
    const withLate = { amount: 2_000, splits: { recipients: [{ recipientId: shopA.sellerId, amount: 10 }, { recipientId: late.sellerId, amount: 10 }] } };
    expect((await create(withLate)).status).toBe(201);
    const count = async () => (await sqlOf(app).query<{ n: string }>('select count(*) as n from transactions where seller_id = ?', [market.sellerId]))[0]!.n;
    const before = await count();

    const [link] = await sqlOf(app).query<{ id: string }>(`select id from marketplace_links where marketplace_id = ? and recipient_id = ? and status = 'ACTIVE'`, [market.sellerId, late.sellerId]);
    const ended = await gql(app, 'mutation($l: ID!){ endMarketplaceLink(linkId: $l){ status } }', { l: link!.id }, late.session);
    expect(ended.data!.endMarketplaceLink.status).toBe('ENDED');
    const key = randomUUID();
    const refused = await create(withLate, key);
    expect([refused.status, refused.body.code]).toEqual([422, 'SPLIT_RECIPIENT_NOT_CONNECTED']);
    expect(refused.body.message).toContain(`splits.recipients[1]: ${late.sellerId}`);
    expect(await count()).toBe(before);
    // The refused create claimed nothing: the same key creates the charge the client sends next.
    const next = await create({ amount: 2_000, splits: { recipients: [{ recipientId: shopA.sellerId, amount: 10 }] } }, key);
    expect([next.status, next.headers.get('idempotent-replayed')]).toEqual([201, null]);

    await sqlOf(app).query(`update sellers set kyc_status = 'PENDING_REVIEW' where id = ?`, [shopB.sellerId]);
    try {
      const unapproved = await create({ amount: 2_000, splits: { recipients: [{ recipientId: shopA.sellerId, amount: 10 }, { recipientId: shopB.sellerId, amount: 10 }] } });
      expect([unapproved.status, unapproved.body.code, unapproved.body.details?.field]).toEqual([422, 'SPLIT_RECIPIENT_NOT_CONNECTED', 'splits.recipients[1].recipientId']);
    } finally {
      await sqlOf(app).query(`update sellers set kyc_status = 'APPROVED' where id = ?`, [shopB.sellerId]);
    }
    expect(await count()).toBe(String(Number(before) + 1));
  });

  it('GraphQL creates through the same command', async () => {
    const input = { amount: 8_000, splits: { recipients: [{ recipientId: shopA.sellerId, amount: 1_000 }] } };
    const key = randomUUID();
    const q = 'mutation($i: CreateTransactionInput!, $k: String!){ createTransaction(input: $i, idempotencyKey: $k){ id amount } }';
    const a = await gql(app, q, { i: input, k: key }, market.apiKey);
    const b = await gql(app, q, { i: input, k: key }, market.apiKey);
    expect(a.errors).toBeUndefined();
    expect(b.data).toEqual(a.data);
    const bad = await gql(app, q, { i: { amount: 8_000, splits: { recipients: [{ recipientId: shopA.sellerId, amount: 1, basisPoints: 1 }] } }, k: randomUUID() }, market.apiKey);
    expect(gqlErrorCode(bad)).toBe('INVALID_SPLIT');
  });

  it('the marketplace reads the split of its charge on GET, both doors: the instructions, then every part once paid', async () => {
    const id = (await create({ amount: 10_000, splits: splits('PRO_RATA') })).body.data.id as string;
    const instructions = { feePayer: 'PRO_RATA', recipients: [{ recipientId: shopA.sellerId, amount: 3_000 }, { recipientId: shopB.sellerId, basisPoints: 2_500 }] };
    expect((await rest(app, 'GET', `${TX}/${id}`, { key: market.apiKey })).body.data.splits).toEqual(instructions);
    await pay(id);
    await refund(id, { amount: 1_000 });
    const shares = [
      { sellerId: market.sellerId, role: 'MARKETPLACE', gross: 4_500, fee: 45, returned: 450 },
      { sellerId: shopA.sellerId, role: 'RECIPIENT', gross: 3_000, fee: 30, returned: 300 },
      { sellerId: shopB.sellerId, role: 'RECIPIENT', gross: 2_500, fee: 24, returned: 250 },
    ];
    expect((await rest(app, 'GET', `${TX}/${id}`, { key: market.apiKey })).body.data.splits).toEqual({ ...instructions, shares });
    const q = 'query($id: ID!){ transaction(id: $id){ splits { feePayer feeRecipientId recipients { recipientId amount basisPoints } shares { sellerId role gross fee returned } } } }';
    const g = await gql(app, q, { id }, market.apiKey);
    expect(g.errors).toBeUndefined();
    expect(g.data!.transaction.splits).toEqual({
      feePayer: 'PRO_RATA',
      feeRecipientId: null,
      recipients: [{ recipientId: shopA.sellerId, amount: 3_000, basisPoints: null }, { recipientId: shopB.sellerId, amount: null, basisPoints: 2_500 }],
      shares,
    });
    // A charge of one seller has no split.
    const alone = (await create({ amount: 5_000 })).body.data.id;
    expect((await rest(app, 'GET', `${TX}/${alone}`, { key: market.apiKey })).body.data.splits).toBeUndefined();
    // The recipients read neither the charge nor the other parts, on either door.
    for (const r of [shopA, shopB]) {
      expect((await rest(app, 'GET', `${TX}/${id}`, { key: r.apiKey })).status).toBe(404);
      expect(gqlErrorCode(await gql(app, q, { id }, r.apiKey))).toBe('TRANSACTION_NOT_FOUND');
    }
  });

  it('a recipient reads its own part only: neither the charge, the other parts, nor the marketplace’s other charges', async () => {
    const id = (await create({ amount: 5_000, customer: { name: 'Maria Souza', email: 'maria@example.com' }, splits: { recipients: [{ recipientId: shopA.sellerId, amount: 1_000 }] } })).body.data.id;
    const alone = (await create({ amount: 5_000 })).body.data.id;
    await pay(id);
    expect((await rest(app, 'GET', `${TX}/${id}`, { key: shopA.apiKey })).status).toBe(404);
    expect((await rest(app, 'GET', `${TX}/${alone}`, { key: shopA.apiKey })).status).toBe(404);
    expect((await gql(app, 'query($id: ID!){ transaction(id: $id){ id } }', { id }, shopA.apiKey)).errors?.[0]?.extensions?.code).toBe('TRANSACTION_NOT_FOUND');

    const share = await gql(app, 'query($t: ID!){ splitShare(transactionId: $t){ transactionId marketplaceId gross fee returned status } }', { t: id }, shopA.apiKey);
    expect(share.data!.splitShare).toEqual({ transactionId: id, marketplaceId: market.sellerId, gross: 1_000, fee: 0, returned: 0, status: 'PAID' });
    // B has no part in this charge, and nobody reads a share of a charge without a split.
    expect(gqlErrorCode(await gql(app, 'query($t: ID!){ splitShare(transactionId: $t){ gross } }', { t: id }, shopB.apiKey))).toBe('SPLIT_SHARE_NOT_FOUND');
    expect(gqlErrorCode(await gql(app, 'query($t: ID!){ splitShare(transactionId: $t){ gross } }', { t: alone }, shopA.apiKey))).toBe('SPLIT_SHARE_NOT_FOUND');
    // The marketplace is no recipient of its own charges.
    expect(gqlErrorCode(await gql(app, 'query($t: ID!){ splitShare(transactionId: $t){ gross } }', { t: id }, market.apiKey))).toBe('SPLIT_SHARE_NOT_FOUND');
    const page = await gql(app, '{ splitShares(take: 100){ total items { transactionId marketplaceId gross } } }', {}, shopA.apiKey);
    expect(page.data!.splitShares.items.every((s: { marketplaceId: string }) => s.marketplaceId === market.sellerId)).toBe(true);
    expect(JSON.stringify(page.data)).not.toContain('Maria');
  });

  it('refunds pro rata, then explicitly, then the rest: every part reversed exactly', async () => {
    const id = (await create({ amount: 10_000, splits: splits() })).body.data.id;
    await pay(id);
    const before = await Promise.all([market, shopA, shopB].map(wallet));
    const moved = async () => (await Promise.all([market, shopA, shopB].map(wallet))).map((w, i) => before[i]!.available - w.available);

    expect((await refund(id, { amount: 1_001 })).body.data).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 1_001 });
    expect(await moved()).toEqual([451, 300, 250]); // 4500 : 3000 : 2500, the leftover cent to the marketplace
    const explicit = await refund(id, { amount: 1_000, splits: [{ recipientId: shopB.sellerId, amount: 1_000 }] });
    expect(explicit.status).toBe(200);
    expect(await moved()).toEqual([451, 300, 1_250]);
    const tooMuch = await refund(id, { amount: 2_000, splits: [{ recipientId: shopB.sellerId, amount: 1_251 }] });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([422, 'SPLIT_REFUND_EXCEEDS_SHARE']);
    expect((await refund(id, {})).body.data).toMatchObject({ status: 'REFUNDED', refundedAmount: 10_000 });
    expect(await moved()).toEqual([4_500, 3_000, 2_500]);
  });

  it('a refund a recipient cannot cover leaves it in debt, never fails the buyer', async () => {
    const poor = await onboardSeller(app);
    await connect(app, market, poor);
    const id = (await create({ amount: 2_000, splits: { recipients: [{ recipientId: poor.sellerId, amount: 1_500 }] } })).body.data.id;
    await pay(id);
    // The recipient withdraws all it has (1400 + the 100 fee).
    const w1 = await createWithdrawal(app, poor.apiKey, { amount: 1_400, method: 'PIX', pixKeyType: 'CPF', pixKey: '529.982.247-25' });
    expect(w1.status).toBe(201);
    expect((await wallet(poor)).available).toBe(0);
    const r = await refund(id, {});
    expect(r.status).toBe(200);
    const w = await wallet(poor);
    expect(w.available).toBe(0);
    expect(w.debt ?? 0).toBe(1_500);
  });

  it('a MED return debits every party what is left of its part, exactly once', async () => {
    const id = (await create({ amount: 10_000, splits: splits() })).body.data.id;
    await pay(id);
    await refund(id, { amount: 1_000 }); // 450, 300, 250
    const before = await Promise.all([market, shopA, shopB].map(wallet));
    const med = await app.services.transactionReports.apply({ reportId: `med-${id}`, transactionId: id, status: 'CHARGEDBACK' });
    expect(med.applied).toBe(true);
    await app.services.transactionReports.apply({ reportId: `med-again-${id}`, transactionId: id, status: 'CHARGEDBACK' });
    const after = await Promise.all([market, shopA, shopB].map(wallet));
    expect(after.map((w, i) => before[i]!.available - w.available)).toEqual([4_050, 2_700, 2_250]);
    const returned = await sqlOf(app).query<{ returned: string }>('select returned from transaction_split_parties where transaction_id = ? order by position', [id]);
    expect(returned.map((r) => Number(r.returned))).toEqual([4_500, 3_000, 2_500]);
  });

  it('a refund the institution could not make comes back to every party that gave it, once', async () => {
    const id = (await create({ amount: 10_000, splits: splits() })).body.data.id;
    await pay(id);
    const before = await Promise.all([market, shopA, shopB].map(wallet));
    expect((await refund(id, { amount: 1_000 })).status).toBe(200);
    const [{ id: refundId }] = await sqlOf(app).query<{ id: string }>('select id from transaction_refunds where transaction_id = ?', [id]);
    const failed = await app.services.refundOutcomes.apply(refundId!, { status: 'NAO_REALIZADO', rtrId: null, reason: null });
    expect(failed?.status).toBe('FAILED');
    await app.services.refundOutcomes.apply(refundId!, { status: 'NAO_REALIZADO', rtrId: null, reason: null });
    expect(await Promise.all([market, shopA, shopB].map(wallet))).toEqual(before);
    const returned = await sqlOf(app).query<{ returned: string }>('select returned from transaction_split_parties where transaction_id = ? order by position', [id]);
    expect(returned.map((r) => Number(r.returned))).toEqual([0, 0, 0]);
  });
});

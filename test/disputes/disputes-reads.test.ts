import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, onboardSeller } from '../support/app';
import { rest } from '../support/rest';
import { collect, wsClient } from '../support/subscriptions';
import { startWebhookApp, type WebhookTestApp } from '../webhooks/support/app';
import { independentVerify, Receiver } from '../webhooks/support/receiver';
import { paidCharge } from './support';
import { promoteToOperator } from '../support/platform';

let app: WebhookTestApp;
let receiver: Receiver;
let operator: string;

beforeAll(async () => {
  receiver = await Receiver.start();
  app = await startWebhookApp(receiver, { amqp: false, name: 'disputes' });
  const email = `operator${Date.now()}@example.com`;
  await gql(app, 'mutation($e:String!){ signUp(email:$e,password:"long enough pw"){ id } }', { e: email });
  await promoteToOperator(app, email);
  operator = (await gql(app, 'mutation($e:String!){ logIn(email:$e,password:"long enough pw"){ token } }', { e: email })).data!.logIn.token as string;
});
afterAll(async () => {
  await app?.close();
  await receiver?.stop();
});

const DISPUTE_FIELDS = 'id transactionId status origin amount blockedAmount owedAmount appealReason appealDeadline decidedAt createdAt';

describe('dispute reads, sandbox routes, GraphQL and webhooks', () => {
  it('sandbox opens a contestation and a MED return; REST lists, filters and gets them; other sellers see 404', async () => {
    const s = await onboardSeller(app);
    const other = await onboardSeller(app);
    const contested = await paidCharge(app, s.apiKey, 3_000);
    const returned = await paidCharge(app, s.apiKey, 2_000);

    const opened = await rest(app, 'POST', `/v1/sandbox/transactions/${contested}/dispute`, { key: s.apiKey });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ applied: true, dispute: { transactionId: contested, status: 'OPEN', origin: 'CONTESTATION', amount: 3_000 } });
    const med = await rest(app, 'POST', `/v1/sandbox/transactions/${returned}/med`, { key: s.apiKey });
    expect(med.body.data).toMatchObject({ applied: true, dispute: { transactionId: returned, status: 'OPEN', origin: 'MED', amount: 2_000 } });

    const all = await rest(app, 'GET', '/v1/disputes', { key: s.apiKey });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ count: 2, take: 10, skip: 0 });
    expect(all.body.data.data.map((d: any) => d.origin)).toEqual(['MED', 'CONTESTATION']);
    const onlyMed = await rest(app, 'GET', '/v1/disputes?origin=MED&status=OPEN', { key: s.apiKey });
    expect(onlyMed.body.data.data.map((d: any) => d.transactionId)).toEqual([returned]);
    const byTx = await rest(app, 'GET', `/v1/disputes?transactionId=${contested}&take=1`, { key: s.apiKey });
    expect(byTx.body.data).toMatchObject({ count: 1, take: 1 });
    const today = app.clock.now().toISOString().slice(0, 10);
    expect((await rest(app, 'GET', `/v1/disputes?startDate=${today}&endDate=${today}`, { key: s.apiKey })).body.data.count).toBe(2);
    expect((await rest(app, 'GET', '/v1/disputes?startDate=2000-01-01&endDate=2000-01-02', { key: s.apiKey })).body.data.count).toBe(0);

    const id = opened.body.data.dispute.id as string;
    // The transaction answer links its dispute.
    expect((await rest(app, 'GET', `/api/v1/cobranca/transactions/${contested}`, { key: s.apiKey })).body.data.disputeId).toBe(id);
    const one = await rest(app, 'GET', `/v1/disputes/${id}`, { key: s.apiKey });
    expect(one.body).toEqual({ status: true, data: { ...opened.body.data.dispute, evidence: [] } });
    const hidden = await rest(app, 'GET', `/v1/disputes/${id}`, { key: other.apiKey });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ status: false, erro: 'DISPUTE_NOT_FOUND', path: `/v1/disputes/${id}` });
    expect((await rest(app, 'GET', '/v1/disputes', { key: other.apiKey })).body.data.count).toBe(0);

    for (const [q, code] of [
      ['take=0', 'INVALID_TAKE'],
      ['skip=-1', 'INVALID_SKIP'],
      ['status=CLOSED', 'INVALID_STATUS'],
      ['origin=CARD', 'INVALID_ORIGIN'],
      ['startDate=2026-13-01', 'INVALID_DATE'],
    ]) {
      const bad = await rest(app, 'GET', `/v1/disputes?${q}`, { key: s.apiKey });
      expect([bad.status, bad.body.erro]).toEqual([400, code]);
    }
    expect((await rest(app, 'GET', '/v1/disputes')).status).toBe(401);

    const decided = await rest(app, 'POST', `/v1/sandbox/disputes/${id}/decide`, { key: s.apiKey, body: { outcome: 'WON' } });
    expect(decided.body.data).toMatchObject({ applied: true, dispute: { id, status: 'WON' } });
    const bad = await rest(app, 'POST', `/v1/sandbox/disputes/${id}/decide`, { key: s.apiKey, body: { outcome: 'MAYBE' } });
    expect([bad.status, bad.body.erro]).toEqual([400, 'INVALID_OUTCOME']);
  });

  it('GraphQL: dispute, disputes, decideDispute (operators only) and disputeUpdated for the owning seller only', async () => {
    const s = await onboardSeller(app);
    const other = await onboardSeller(app);
    const mine = wsClient(app, s.apiKey);
    const theirs = wsClient(app, other.apiKey);
    try {
      await Promise.all([mine.connected, theirs.connected]);
      const sub = collect(mine, `subscription { disputeUpdated { id status origin } }`);
      const otherSub = collect(theirs, `subscription { disputeUpdated { id status origin } }`);
      const id = await paidCharge(app, s.apiKey, 1_500);
      await rest(app, 'POST', `/v1/sandbox/transactions/${id}/med`, { key: s.apiKey });
      const created = await sub.next((v: any) => v.disputeUpdated.status === 'OPEN');
      const disputeId = created.disputeUpdated.id as string;

      const one = await gql(app, `query($id:ID!){ dispute(id:$id){ ${DISPUTE_FIELDS} } }`, { id: disputeId }, s.apiKey);
      expect(one.data!.dispute).toMatchObject({ id: disputeId, transactionId: id, status: 'OPEN', origin: 'MED', amount: 1_500, appealReason: null, decidedAt: null });
      const list = await gql(app, `{ disputes(origin: MED, take: 5){ total take skip hasNextPage items { id } } }`, {}, s.apiKey);
      expect(list.data!.disputes).toEqual({ total: 1, take: 5, skip: 0, hasNextPage: false, items: [{ id: disputeId }] });
      const hidden = await gql(app, `query($id:ID!){ dispute(id:$id){ id } }`, { id: disputeId }, other.apiKey);
      expect(hidden.errors![0]!.extensions!.code).toBe('DISPUTE_NOT_FOUND');

      const DECIDE = `mutation($id:ID!){ decideDispute(disputeId:$id, outcome: WON){ id status decidedAt } }`;
      expect((await gql(app, DECIDE, { id: disputeId }, s.session)).errors![0]!.extensions!.code).toBe('OPERATOR_ONLY');
      const decided = await gql(app, DECIDE, { id: disputeId }, operator);
      expect(decided.data!.decideDispute).toMatchObject({ id: disputeId, status: 'WON' });
      await sub.next((v: any) => v.disputeUpdated.status === 'WON');
      expect((await gql(app, DECIDE, { id: disputeId }, operator)).errors![0]!.extensions!.code).toBe('INVALID_DISPUTE_TRANSITION');
      expect(otherSub.received).toEqual([]);
      sub.unsubscribe();
      otherSub.unsubscribe();
    } finally {
      await mine.dispose();
      await theirs.dispose();
    }
  });

  it('DISPUTE_* and MED_* events reach DISPUTE and ALL registrations, signed, and not TRANSACTION ones', async () => {
    const s = await onboardSeller(app);
    const secrets: Record<string, string> = {};
    for (const [category, path] of [
      ['DISPUTE', '/d-dispute'],
      ['ALL', '/d-all'],
      ['TRANSACTION', '/d-transaction'],
    ]) {
      const hook = await rest(app, 'POST', '/v1/webhooks', { key: s.apiKey, body: { eventType: category, url: receiver.url(path!) } });
      expect(hook.status).toBe(201);
      secrets[path!] = hook.body.data.secret;
    }
    const id = await paidCharge(app, s.apiKey, 2_500);
    await rest(app, 'POST', `/v1/sandbox/transactions/${id}/med`, { key: s.apiKey });
    const want = ['DISPUTE_CREATED', 'MED_DISPUTE_CREATED'];
    const types = (path: string) => receiver.on(path).map((r) => JSON.parse(r.rawBody).eventType as string);
    await receiver.waitFor(() => want.every((e) => types('/d-dispute').includes(e)) && want.every((e) => types('/d-all').includes(e)), 15_000);
    for (const r of receiver.on('/d-dispute')) {
      expect(independentVerify(r.rawBody, String(r.headers['x-webhook-timestamp']), secrets['/d-dispute']!)).toBe(true);
      expect(JSON.parse(r.rawBody)).toMatchObject({ transactionId: id, origin: 'MED', amount: 2_500 });
    }
    await receiver.waitFor(() => types('/d-transaction').includes('TRANSACTION_CHARGEDBACK'), 15_000);
    expect(types('/d-transaction').filter((e) => e.startsWith('DISPUTE_') || e.startsWith('MED_'))).toEqual([]);
    expect(types('/d-dispute').filter((e) => e.startsWith('TRANSACTION_'))).toEqual([]);
  });
});

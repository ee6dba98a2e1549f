import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/main/config';
import { type RunningApp, startApplication } from '../../src/main/start-application';
import { ManualClock } from '../../src/domain/shared/clock';
import { createLogger } from '../../src/infra/log/logger';
import { createMigratedTestDatabase } from '../support/database';
import { gql } from '../support/app';
import { rest } from '../support/rest';

const lines: string[] = [];
let app: RunningApp;
let drop: () => Promise<void>;
const clock = new ManualClock(new Date());

// Values a whole flow sends: none of them may reach the logs unmasked.
const EMAIL = `log.subject.${randomUUID().slice(0, 8)}@example.com`;
const SELLER_DOCUMENT = '000.000.000-00';
const CUSTOMER = { name: 'Beatriz Nogueira', email: 'beatriz.nogueira@example.com', document: '529.982.247-25', phone: '+5511976543210' };
const PIX_KEY = 'recebedor.pix@example.com';
const PHONE_KEY = '+5521998877665';

beforeAll(async () => {
  const db = await createMigratedTestDatabase();
  drop = db.drop;
  const config = loadConfig({ MODE: 'sandbox', PORT: '0', LOG_LEVEL: 'trace', DATABASE_URL: db.url, DATABASE_POOL_SIZE: '5', ROLE: 'api' });
  app = await startApplication(config, { clock, logger: createLogger('trace', { write: (s: string) => void lines.push(s) }) });
});

afterAll(async () => {
  await app?.stop();
  await drop?.();
});

const digits = (s: string) => s.replace(/\D/g, '');

describe('logs carry no personal data', () => {
  it('a whole flow (sign-up, seller, charges, withdrawals, errors, export, erasure) logs none of the values it sent', async () => {
    const password = 'a long password 123';
    await gql(app, 'mutation($e:String!,$p:String!){ signUp(email:$e,password:$p){ id } }', { e: EMAIL, p: password });
    const session = (await gql(app, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: EMAIL, p: password })).data!.logIn.token as string;
    await gql(app, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: EMAIL, p: 'wrong password 123' });
    await gql(app, 'mutation($n:String!,$d:String!){ registerSeller(name:$n,document:$d){ id } }', { n: 'Loja da Beatriz', d: SELLER_DOCUMENT }, session);
    const key = (await gql(app, 'mutation{ createApiKey(mode: test){ key } }', {}, session)).data!.createApiKey.key as string;
    const charge = await rest(app, 'POST', '/api/v1/cobranca/transactions', { key, idempotencyKey: randomUUID(), body: { amount: 2500, customer: CUSTOMER } });
    expect(charge.status).toBe(201);
    // Refused input is logged too: it must not carry the values either.
    await rest(app, 'POST', '/api/v1/cobranca/transactions', { key, idempotencyKey: randomUUID(), body: { amount: 2500, customer: { ...CUSTOMER, document: '529.982.247-26' } } });
    await rest(app, 'POST', '/api/v1/cobranca/withdrawals', { key, idempotencyKey: randomUUID(), body: { amount: 1_000, method: 'PIX', pixKeyType: 'EMAIL', pixKey: PIX_KEY } });
    await rest(app, 'POST', '/api/v1/cobranca/withdrawals', { key, idempotencyKey: randomUUID(), body: { amount: 1_000, method: 'PIX', pixKeyType: 'PHONE', pixKey: PHONE_KEY } });
    await rest(app, 'GET', `/api/v1/cobranca/withdrawals?search=${encodeURIComponent(PIX_KEY)}`, { key });
    await rest(app, 'GET', '/data-subject/export', { bearer: key });
    await rest(app, 'POST', '/data-subject/erasure-request', { bearer: key, body: { reason: `contact me at ${EMAIL}` } });

    const log = lines.join("");
    expect(log.length).toBeGreaterThan(1_000);
    for (const value of [EMAIL, CUSTOMER.email, CUSTOMER.name, PIX_KEY, CUSTOMER.phone, PHONE_KEY]) expect(log, value).not.toContain(value);
    for (const doc of [CUSTOMER.document, '529.982.247-26']) {
      expect(log, doc).not.toContain(doc);
      expect(log, doc).not.toContain(digits(doc));
    }
    expect(log).not.toContain(digits(PHONE_KEY));
    expect(log).not.toContain(encodeURIComponent(PIX_KEY));
  });
});

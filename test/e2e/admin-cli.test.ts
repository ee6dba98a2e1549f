import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from '../../src/cli/admin-commands';
import { gql, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
});
afterAll(async () => {
  await app?.close();
});

const env = () => ({ DATABASE_URL: app.databaseUrl, MODE: 'sandbox' });

describe('ops command line', () => {
  it('create-seller prints a user, an approved sandbox seller and a working key', async () => {
    const out = (await runAdmin(['create-seller', '--email', 'ops@example.com', '--password', 'a long password', '--name', 'Loja Ops', '--document', '000.000.000-00'], env())) as {
      apiKey: { key: string; mode: string };
      seller: { kycStatus: string };
    };
    expect(out.seller.kycStatus).toBe('APPROVED');
    expect(out.apiKey).toMatchObject({ mode: 'test', key: expect.stringMatching(/^sk_test_/) });
    const balance = await rest(app, 'GET', '/balance-statement', { bearer: out.apiKey.key });
    expect(balance.body).toEqual({ status: true, data: { available: 0, blocked: 0, total: 0, debt: 0, currency: 'BRL' } });
  });

  it('create-operator makes an operator who may review KYC', async () => {
    await runAdmin(['create-operator', '--email', 'operator@example.com', '--password', 'a long password'], env());
    const token = (await gql(app, 'mutation{ logIn(email:"operator@example.com", password:"a long password"){ token } }')).data!.logIn.token;
    const seller = (await runAdmin(['create-seller', '--email', 'pending@example.com', '--password', 'a long password', '--name', 'Loja', '--document', '111.111.111-11'], env())) as {
      seller: { id: string; kycStatus: string };
    };
    expect(seller.seller.kycStatus).toBe('PENDING_REVIEW');
    const reviewed = await gql(app, 'mutation($id: ID!){ reviewSellerKyc(sellerId: $id, status: APPROVED){ kycStatus } }', { id: seller.seller.id }, token);
    expect(reviewed.data!.reviewSellerKyc.kycStatus).toBe('APPROVED');
  });

  it('refuses unknown commands and missing flags with the usage text', async () => {
    await expect(runAdmin(['drop-everything'], env())).rejects.toBeInstanceOf(UsageError);
    await expect(runAdmin(['create-seller', '--email', 'x@example.com'], env())).rejects.toBeInstanceOf(UsageError);
    const badDocument = ['create-seller', '--email', 'bad-doc@example.com', '--password', 'a long password', '--name', 'Loja', '--document', '123'];
    await expect(runAdmin(badDocument, env())).rejects.toMatchObject({ code: 'INVALID_DOCUMENT' });
    // Nothing was written: the same e-mail can still sign up.
    expect((await gql(app, 'mutation{ signUp(email:"bad-doc@example.com", password:"a long password"){ id } }')).errors).toBeUndefined();
  });
});

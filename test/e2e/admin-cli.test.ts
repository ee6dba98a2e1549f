import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from '../../src/cli/admin-commands';
import { ROOT } from '../support/compiled';
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

  it('checks every value before writing: a bad --name leaves no user, and the corrected retry succeeds', async () => {
    const args = (name: string) => ['create-seller', '--email', 'retry@example.com', '--password', 'a long password', '--name', name, '--document', '000.000.000-00'];
    await expect(runAdmin(args('X'), env())).rejects.toMatchObject({ code: 'INVALID_NAME' });
    await expect(runAdmin([...args('Loja Boa'), '--mode', 'live'], env())).rejects.toMatchObject({ code: 'MFA_REQUIRED' });
    const out = (await runAdmin(args('Loja Boa'), env())) as { seller: { name: string } };
    expect(out.seller.name).toBe('Loja Boa');
  });

  it('writes the user, the seller and the key in one transaction: a failure at the last write leaves nothing', async () => {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      await client.query(`create function refuse_key() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
      await client.query('create trigger refuse_key before insert on api_keys for each row execute function refuse_key()');
      const args = ['create-seller', '--email', 'atomic@example.com', '--password', 'a long password', '--name', 'Loja', '--document', '000.000.000-00'];
      await expect(runAdmin(args, env())).rejects.toThrow(/refused by the test/);
      const left = await client.query(`select (select count(*) from users where email = 'atomic@example.com')::int as users`);
      expect(left.rows[0].users).toBe(0);
      await client.query('drop trigger refuse_key on api_keys');
      await expect(runAdmin(args, env())).resolves.toMatchObject({ user: { email: 'atomic@example.com' } });
    } finally {
      await client.query('drop function if exists refuse_key() cascade');
      await client.end();
    }
  });

  it('the command exits by itself with status 0 when AMQP_URL is set, printing progress on stderr and JSON on stdout', async () => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'dist/src/cli/admin.js'), 'create-seller', '--email', 'amqp@example.com', '--password', 'a long password', '--name', 'Loja', '--document', '000.000.000-00'],
      { env: { ...process.env, ...env(), AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // Bounded: a command that does not exit fails the test instead of hanging it.
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 20_000);
      child.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ user: { email: 'amqp@example.com' }, apiKey: { key: expect.stringMatching(/^sk_test_/) } });
    expect(stderr).toContain('creating the user, its seller and a test API key...');
  });
});

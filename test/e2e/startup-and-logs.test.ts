import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startApplication } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { openDatabase, StartupError } from '../../src/main/database';
import { ManualClock } from '../../src/domain/shared/clock';
import { createLogger } from '../../src/infra/log/logger';
import { gql, onboardSeller } from '../support/app';
import { contractFetch } from '../support/contract';
import { createMigratedTestDatabase, createTestDatabase } from '../support/database';

describe('start-up', () => {
  it('names the unreachable database in a clear error instead of a stack trace', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/nowhere', LOG_LEVEL: 'silent' });
    const err = await openDatabase(config).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toMatch(/^cannot connect to the database at 127\.0\.0\.1:1\/nowhere: /);
  });
});

describe('logs', () => {
  it('are JSON with the request id, and never contain keys, passwords, TOTP secrets or documents', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const db = await createMigratedTestDatabase();
    const app = await startApplication(loadConfig({ PORT: '0', DATABASE_URL: db.url, ROLE: 'api' }), { clock: new ManualClock(new Date()), logger: createLogger('trace', sink) });
    try {
      const s = await onboardSeller(app, { document: '000.000.000-00' });
      const enrol = await gql(app, 'mutation{ enrolTwoFactor{ secret } }', {}, s.session);
      const secret = enrol.data!.enrolTwoFactor.secret as string;
      await contractFetch(`${app.url}/balance-statement`, { headers: { authorization: `Bearer ${s.apiKey}`, 'x-request-id': 'log-check-0001' } });
      await contractFetch(`${app.url}/api/v1/cobranca/transactions`, { headers: { 'x-api-key': s.apiKey } });
      const all = lines.join('\n');
      for (const secretValue of [s.apiKey, s.password, secret, s.session]) expect(all).not.toContain(secretValue);
      const entry = lines.map((l) => JSON.parse(l)).find((l) => l.requestId === 'log-check-0001');
      expect(entry).toMatchObject({ msg: 'request completed', res: { statusCode: expect.any(Number) } });
      // Request lines stay short: method and path, no header dump.
      expect(entry.req).toEqual({ method: 'GET', url: '/balance-statement' });
      expect(entry.res).toEqual({ statusCode: 200 });
    } finally {
      await app.stop();
      await db.drop();
    }
  });
});

describe('several instances starting at once', () => {
  it('apply the migrations one after the other and all come up', async () => {
    const db = await createTestDatabase();
    const config = loadConfig({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '2', LOG_LEVEL: 'silent' });
    const opened = await Promise.all([openDatabase(config), openDatabase(config), openDatabase(config)]);
    try {
      const [{ n }] = await opened[0]!.orm.em.getConnection().execute<{ n: string }[]>('select count(*) as n from mikro_orm_migrations');
      const expected = (await opened[0]!.orm.getMigrator().getExecutedMigrations()).length;
      expect(Number(n)).toBe(expected);
      expect(await opened[2]!.orm.getMigrator().getPendingMigrations()).toEqual([]);
    } finally {
      await Promise.all(opened.map((d) => d.close()));
      await db.drop();
    }
  });
});

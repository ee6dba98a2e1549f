import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApplication } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { ManualClock } from '../../src/domain/shared/clock';
import { createLogger } from '../../src/infra/log/logger';
import { gql, onboardSeller } from '../support/app';
import { rest } from '../support/rest';
import { operatorSession } from './support';
import { runDueJobs } from '../support/platform';

const dataDir = mkdtempSync(join(tmpdir(), 'pixpay-embedded-dsr-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('data-subject rights on the embedded database (one connection)', () => {
  it('queues and mails an export, then executes an erasure, without a deadlock', async () => {
    const clock = new ManualClock(new Date());
    const app = await startApplication(loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'api', DATA_EXPORT_DIRECT_MAX_ROWS: '0' }), {
      clock,
      logger: createLogger('silent'),
    });
    try {
      const s = await onboardSeller(app);
      const queued = await rest(app, 'GET', '/data-subject/export', { bearer: s.apiKey });
      expect(queued.status).toBe(202);
      expect(await runDueJobs(app)).toBe(1);
      expect(readdirSync(join(dataDir, 'mail'))).toEqual([`${queued.body.data.requestId}.eml`]);

      const erasure = await rest(app, 'POST', '/data-subject/erasure-request', { bearer: s.session, body: {} });
      expect(erasure.status).toBe(201);
      const operator = await operatorSession(app);
      const done = await gql(app, 'mutation($id:ID!){ executeErasure(requestId:$id){ status } }', { id: erasure.body.data.requestId }, operator);
      expect(done.data!.executeErasure.status).toBe('EXECUTED');
      expect((await gql(app, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: s.email, p: s.password })).errors![0].extensions!.code).toBe('INVALID_CREDENTIALS');
    } finally {
      await app.stop();
    }
  }, 120_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApplication } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { createLogger } from '../../src/infra/log/logger';
import { gql } from '../support/app';
import { contractFetch } from '../support/contract';

const dataDir = mkdtempSync(join(tmpdir(), 'pixpay-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const boot = () => startApplication(loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: createLogger('silent') });

// PGlite starts in WebAssembly, three times here, and a new folder is created (in a child process)
// and migrated first: slow on a busy machine, so a long budget.
describe('embedded mode (no DATABASE_URL: PGlite under DATA_DIR)', { timeout: 240_000 }, () => {
  it('serves /health, and keeps its data across a restart', async () => {
    const first = await boot();
    try {
      const res = await contractFetch(`${first.url}/health`);
      expect(await res.json()).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
      const signUp = await gql(first, 'mutation{ signUp(email:"embedded@example.com", password:"long enough pw"){ id } }');
      expect(signUp.errors).toBeUndefined();
      // A second start on the same folder (the ops command line, say) shares the owner's database.
      const guest = await boot();
      try {
        const login = await gql(guest, 'mutation{ logIn(email:"embedded@example.com", password:"long enough pw"){ token } }');
        expect(login.data!.logIn.token).toMatch(/^sess_/);
      } finally {
        await guest.stop();
      }
      expect((await contractFetch(`${first.url}/health`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    const second = await boot();
    try {
      const login = await gql(second, 'mutation{ logIn(email:"embedded@example.com", password:"long enough pw"){ token } }');
      expect(login.data!.logIn.token).toMatch(/^sess_/);
    } finally {
      await second.stop();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApplication } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { pixCredit, withdrawalDebit } from '../../src/domain/ledger/ledger-entries';
import { createLogger } from '../../src/infra/log/logger';
import { onboardSeller } from '../support/app';
import { rest } from '../support/rest';
import { inTransaction } from '../support/platform';

const dataDir = mkdtempSync(join(tmpdir(), 'pixpay-ledger-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// PGlite starts in WebAssembly and runs every migration: slow on a busy machine, so a long budget.
describe('ledger in embedded mode (PGlite)', { timeout: 120_000 }, () => {
  it('posts through ledger_post (prepared statement over the PGlite socket) and serves the wallet', async () => {
    const app = await startApplication(loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: createLogger('silent') });
    try {
      const s = await onboardSeller(app);
      const post = (d: Parameters<typeof app.services.ledger.postEntry>[1]) => inTransaction(app, (tx) => app.services.ledger.postEntry(tx, d));
      await post(pixCredit({ sellerId: s.sellerId, transactionId: 'emb-1', amount: 1_000, fee: 10 }));
      expect((await post(pixCredit({ sellerId: s.sellerId, transactionId: 'emb-1', amount: 1_000, fee: 10 }))).created).toBe(false);
      await expect(post(withdrawalDebit({ sellerId: s.sellerId, withdrawalId: 'emb-w', amount: 990, fee: 1 }))).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      const balance = await rest(app, 'GET', '/balance-statement', { bearer: s.apiKey });
      expect(balance.body).toEqual({ status: true, data: { available: 990, blocked: 0, total: 990, debt: 0, currency: 'BRL' } });
      const statement = await rest(app, 'GET', '/balance-statement/statements', { bearer: s.apiKey });
      expect(statement.body.count).toBe(2);
      const cursor = statement.body.data[0].id;
      const next = await rest(app, 'GET', `/balance-statement/statements?cursor=${cursor}`, { bearer: s.apiKey });
      expect(next.body.data.map((e: any) => e.type)).toEqual(['CREDIT']);
    } finally {
      await app.stop();
    }
  });
});

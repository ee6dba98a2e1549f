import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApplication } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { createLogger } from '../../src/infra/log/logger';
import { onboardSeller } from '../support/app';
import { contractFetch } from '../support/contract';
import { rest } from '../support/rest';

const dataDir = mkdtempSync(join(tmpdir(), 'pixpay-disputes-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('disputes in embedded mode (PGlite, one connection)', () => {
  it('MED return with debt, appeal with evidence and a decision, end to end', { timeout: 120_000 }, async () => {
    const app = await startApplication(loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'api' }), { logger: createLogger('silent') });
    try {
      const s = await onboardSeller(app);
      const t = (await rest(app, 'POST', '/api/v1/cobranca/transactions', { key: s.apiKey, body: { amount: 10_000 }, idempotencyKey: randomUUID() })).body.data;
      await rest(app, 'POST', `/v1/sandbox/transactions/${t.id}/pay`, { key: s.apiKey });
      const paid = (await rest(app, 'GET', '/balance-statement', { bearer: s.apiKey })).body.data.available as number;
      const wd = await rest(app, 'POST', '/api/v1/cobranca/withdrawals', {
        key: s.apiKey,
        idempotencyKey: randomUUID(),
        body: { amount: paid - 100 - 1_000, method: 'PIX', pixKeyType: 'EVP', pixKey: randomUUID() },
      });
      expect(wd.status).toBe(201);

      const med = await rest(app, 'POST', `/v1/sandbox/transactions/${t.id}/med`, { key: s.apiKey });
      expect(med.body.data).toMatchObject({ applied: true, dispute: { origin: 'MED', owedAmount: 9_000 } });
      expect((await rest(app, 'GET', '/balance-statement', { bearer: s.apiKey })).body.data).toMatchObject({ available: 0, debt: 9_000 });

      const form = new FormData();
      form.append('disputeId', med.body.data.dispute.id);
      form.append('appealReason', 'Legitimate sale');
      form.append('files', new Blob([Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100, 0x20)])]), 'invoice.pdf');
      const appeal = await contractFetch(`${app.url}/v1/disputes/appeal`, { method: 'POST', headers: { 'x-api-key': s.apiKey, 'idempotency-key': randomUUID() }, body: form });
      expect(appeal.status).toBe(200);

      const decided = await rest(app, 'POST', `/v1/sandbox/disputes/${med.body.data.dispute.id}/decide`, { key: s.apiKey, body: { outcome: 'WON' } });
      expect(decided.body.data.dispute.status).toBe('WON');
      expect((await rest(app, 'GET', '/balance-statement', { bearer: s.apiKey })).body.data).toMatchObject({ available: 1_000, debt: 0 });
      const detail = (await rest(app, 'GET', `/v1/disputes/${med.body.data.dispute.id}`, { key: s.apiKey })).body.data;
      expect(detail.evidence.map((e: any) => e.type)).toEqual(['PDF']);
    } finally {
      await app.stop();
    }
  });
});

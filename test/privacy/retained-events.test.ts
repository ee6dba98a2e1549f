import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { date } from '../../src/infra/ledger/sql-values';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { drainJobs } from '../withdrawals/support';
import { createCharge } from './support';
import { sqlOf } from '../support/platform';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api', RETENTION_OUTBOX_EVENTS: '30d' });
});
afterAll(async () => {
  await app?.close();
});

describe('events kept past the retention window', () => {
  it('have their personal data masked once; recent and unpublished events are left as they are', async () => {
    const sql = sqlOf(app);
    const s = await onboardSeller(app);
    const customer = { name: 'Helena Prado', email: 'helena.prado@example.com', document: '529.982.247-25' };
    const old = await createCharge(app, s.apiKey, customer);
    await drainJobs(app);
    app.clock.advance(31 * 86_400_000);
    const cutoff = new Date(app.clock.now().getTime() - 30 * 86_400_000);
    const fresh = await createCharge(app, s.apiKey, customer);
    await drainJobs(app);
    await sql.query(`update outbox set published_at = occurred_at`);

    expect(await app.services.retainedEventMasking.run()).toBeGreaterThan(0);
    const rows = await sql.query<{ aggregate_id: string; payload: { customer?: Record<string, string>; amount: number }; payload_masked_at: Date | null; occurred_at: string }>(
      'select aggregate_id, payload, payload_masked_at, occurred_at from outbox where aggregate_id in (?, ?)',
      [old.id, fresh.id],
    );
    const oldRows = rows.filter((r) => date(r.occurred_at) < cutoff);
    expect(oldRows.length).toBeGreaterThan(0);
    for (const r of oldRows) {
      expect(r.payload_masked_at).not.toBeNull();
      expect(JSON.stringify(r.payload)).not.toContain(customer.email);
      expect(JSON.stringify(r.payload)).not.toContain('529.982.247-25');
      expect(r.payload.customer?.email).toBe('h***@example.com');
      expect(r.payload.amount).toBe(1050);
    }
    expect(rows.some((r) => r.aggregate_id === fresh.id && date(r.occurred_at) >= cutoff)).toBe(true);
    for (const r of rows.filter((x) => date(x.occurred_at) >= cutoff)) {
      expect(r.payload_masked_at).toBeNull();
      expect(r.payload.customer?.email).toBe(customer.email);
    }
    expect(await app.services.retainedEventMasking.run()).toBe(0);
  });
});

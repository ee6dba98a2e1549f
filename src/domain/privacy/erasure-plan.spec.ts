import { describe, expect, it } from 'vitest';
import { erasurePlan } from './erasure-plan';
import { exportRow, exportSections } from './export-plan';

describe('erasure plan (from the inventory)', () => {
  it('anonymises contact data and credentials at erasure, and keeps what a legal duty keeps', () => {
    const plan = Object.fromEntries(erasurePlan('ERASURE').map((t) => [t.table, t.set]));
    expect(plan.users).toEqual({ email: 'ERASED_EMAIL', password_hash: 'UNUSABLE_SECRET', totp_secret_enc: 'NULL', totp_recovery_digests: 'NULL' });
    expect(plan.transactions).toMatchObject({ customer: { keepKeys: ['name', 'document'] }, description: 'NULL', metadata: 'NULL' });
    expect(plan.transactions).not.toHaveProperty('br_code');
    expect(plan.withdrawals).not.toHaveProperty('pix_key');
    expect(plan.sellers).toBeUndefined();
    expect(plan.webhook_deliveries).toEqual({ payload: 'ERASED_JSON' });
  });

  it('anonymises the kept identification when the retention ends', () => {
    const plan = Object.fromEntries(erasurePlan('RETENTION_END').map((t) => [t.table, t.set]));
    expect(plan.sellers).toEqual({ name: 'ERASED_TEXT', document_number: 'ERASED_TEXT' });
    expect(plan.withdrawals).toEqual({ pix_key: 'ERASED_TEXT', beneficiary_name: 'NULL', beneficiary_document_number: 'NULL' });
    expect(plan.transactions).toMatchObject({ customer: 'NULL' });
    expect(plan.users).toBeUndefined();
  });
});

describe('export sections', () => {
  it('never export credentials or encrypted secrets', () => {
    const byName = Object.fromEntries(exportSections().map((s) => [s.name, s.columns]));
    expect(byName.user).toContain('email');
    expect(byName.user).not.toContain('password_hash');
    expect(byName.user).not.toContain('totp_secret_enc');
    expect(byName.apiKeys).not.toContain('key_hash');
    expect(byName.sessions).not.toContain('token_hash');
    expect(byName.webhooks).not.toContain('secret_enc');
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['seller', 'charges', 'withdrawals', 'statement', 'wallet', 'webhookDeliveries']));
  });

  it('shows rows with camelCase names and UTC ISO 8601 timestamps', () => {
    expect(exportRow({ created_at: '2026-11-23T15:20:50.123456-03:00', amount: 1050, customer: { name: 'M' } })).toEqual({
      createdAt: '2026-11-23T18:20:50.123Z',
      amount: 1050,
      customer: { name: 'M' },
    });
  });
});

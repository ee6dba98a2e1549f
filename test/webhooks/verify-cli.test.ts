import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSignedPayload, verifyWebhookRequest } from '../../src/domain/webhooks/receiver-verification';
import { ROOT } from '../support/compiled';

const dir = mkdtempSync(join(tmpdir(), 'pixpay-verify-'));
const secret = 'whsec_test';
const ts = String(Math.floor(Date.now() / 1000));
const body = JSON.stringify(buildSignedPayload({ id: 'tx_1', amount: 1000, eventType: 'TRANSACTION_PAID' }, { version: '1', expiresAt: new Date(), secret, timestamp: ts }));
// The compiled CLI, as the package's "bin" ships it (built by the global setup).
const cli = join(ROOT, (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['verify-webhook']!);

const run = (args: string[], input?: string) => spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8' });

describe('verify-webhook', () => {
  it('the function: ok with the event and the X-Webhook-Id, or the reason', () => {
    const headers = { 'X-Webhook-Timestamp': ts, 'x-webhook-id': 'evt_1' };
    const ok = verifyWebhookRequest({ rawBody: body, headers, secret });
    expect(ok).toMatchObject({ ok: true, webhookId: 'evt_1', event: { id: 'tx_1' } });
    expect(verifyWebhookRequest({ rawBody: body, headers, secret: 'wrong' })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    expect(verifyWebhookRequest({ rawBody: body, headers: {}, secret })).toEqual({ ok: false, reason: 'MISSING_TIMESTAMP' });
    expect(verifyWebhookRequest({ rawBody: body, headers, secret, now: new Date(Date.now() + 10 * 60_000) })).toEqual({ ok: false, reason: 'TIMESTAMP_OUT_OF_WINDOW' });
  });

  it('the CLI: exit 0 "valid" from a file or stdin, 1 with the reason, 2 on usage', () => {
    const file = join(dir, 'body.json');
    writeFileSync(file, body);
    const fromFile = run(['--secret', secret, '--timestamp', ts, '--file', file]);
    expect(fromFile.status).toBe(0);
    expect(fromFile.stdout).toBe('valid TRANSACTION_PAID\n');
    expect(run(['--secret', secret, '--timestamp', ts], body).status).toBe(0);
    const tampered = run(['--secret', secret, '--timestamp', ts], body.replace('1000', '9000'));
    expect(tampered.status).toBe(1);
    expect(tampered.stdout).toBe('invalid: BAD_SIGNATURE\n');
    const late = run(['--secret', secret, '--timestamp', ts, '--file', file, '--now', String(Number(ts) + 301)]);
    expect(late.stdout).toBe('invalid: TIMESTAMP_OUT_OF_WINDOW\n');
    expect(run(['--timestamp', ts], body).status).toBe(2);
  });
});

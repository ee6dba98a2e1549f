import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PACKAGE = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { exports: Record<string, Record<string, { types: string; default: string }>> };

/** Runs Node from the repository root, where the workspace links @pixpay/client into node_modules. */
const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: join(PACKAGE, '..', '..'), encoding: 'utf8' });

// Loads both entry points, lists the client's exports and checks the published webhook vector.
const PROBE = `
  const out = { client: typeof sdk.PixPay, errors: typeof sdk.RateLimitedError, verify: typeof hooks.webhooks.verify };
  const json = '{"id":"tx_1","amount":1000,"status":"PAID","eventType":"TRANSACTION_PAID"}';
  const body = json.slice(0, -1) + ',"version":"1","expires_at":"x","signature":"v1=12-dM86T1GTYDYCEf7Yomou_tuklTY1yjg5lQ4Kkml8"}';
  out.vector = hooks.webhooks.verify(body, { 'x-webhook-timestamp': '1735689600' }, 'test_secret_123', { now: new Date(1735689600000) }).event.id;
  out.client2 = new sdk.PixPay({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_test_x' }).transactions.constructor.name;
  console.log(JSON.stringify(out));`;
const EXPECTED = { client: 'function', errors: 'function', verify: 'function', vector: 'tx_1', client2: 'Transactions' };

// The root build (npm ci, and before the tests whenever a source changed: test/support/compiled.ts) builds the package.
describe('the built package', () => {
  it('has every file its exports map names: ESM and CJS, each with type declarations', () => {
    const targets = Object.values(manifest.exports).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry).flatMap((c) => [c.types, c.default])));
    expect(targets.filter((t) => !existsSync(join(PACKAGE, t)))).toEqual([]);
    expect(readFileSync(join(PACKAGE, 'dist', 'cjs', 'package.json'), 'utf8')).toContain('"commonjs"');
  });

  it('loads with require (CommonJS)', () => {
    const out = node(['-e', `const sdk = require('@pixpay/client'); const hooks = require('@pixpay/client/webhooks'); ${PROBE}`]);
    expect(JSON.parse(out)).toEqual(EXPECTED);
  });

  it('loads with import (ES modules)', () => {
    const out = node(['--input-type=module', '-e', `import * as sdk from '@pixpay/client'; import * as hooks from '@pixpay/client/webhooks'; ${PROBE}`]);
    expect(JSON.parse(out)).toEqual(EXPECTED);
  });
});

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractDrift, contractFetch } from '../support/contract';

const root = join(__dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'pixpay-shutdown-'));
// The real entry point as `npm start` runs it: compiled at install, kept fresh by the global setup.
const out = join(root, 'dist');

async function healthy(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await contractFetch(url)).status === 200) return;
    } catch (e) {
      if (e instanceof ContractDrift) throw e;
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never became healthy`);
}

describe('process lifecycle', () => {
  it('SIGTERM stops the service cleanly: exit 0 and the embedded database released', async () => {
    const dataDir = join(work, 'data');
    const child = spawn(process.execPath, [join(out, 'src/main.js')], {
      // MODE and NODE_ENV explicitly: the test runner sets both to test values in its environment.
      env: { ...process.env, NODE_PATH: join(root, 'node_modules'), MODE: 'sandbox', NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 60_000;
    while (!/"url":"(http:[^"]+)"/.test(output) && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const url = /"url":"(http:[^"]+)"/.exec(output)?.[1];
    expect(url, output).toBeDefined();
    await healthy(`${url}/health`, deadline);
    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000))]);
    if (code === 'hung') child.kill('SIGKILL');
    expect(code).toBe(0);
    expect(existsSync(`${dataDir}/pglite.lock`)).toBe(false);
  }, 120_000);
});

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../support/compiled';
import { httpsCall } from '../support/psp-simulator';

const MAIN = join(ROOT, 'dist/tools/psp-simulator/main.js');

/** Starts the built simulator and reads the settings it prints (up to the control URL line). */
function start(args: string[]): Promise<{ child: ChildProcess; settings: Record<string, string>; output: string }> {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      if (!output.includes('APIPIX_SIMULATOR_CONTROL_URL=')) return;
      const settings = Object.fromEntries([...output.matchAll(/^(APIPIX_[A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
      child.removeAllListeners('exit');
      resolve({ child, settings, output });
    });
  });
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

describe('npm run psp-simulator', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('serves HTTPS with mTLS and writes the certificates into the folder it prints', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'psp-sim-cli-'));
    dirs.push(dir);
    const { child, settings, output } = await start(['--port', '0', '--dir', dir]);
    try {
      expect(output).toContain(`certificates in ${dir}`);
      expect(settings.APIPIX_BASE_URL).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(settings.APIPIX_CERT_FILE).toBe(join(dir, 'client.pem'));
      const certificates = {
        caCert: readFileSync(settings.APIPIX_CA_FILE!, 'utf8'),
        clientCert: readFileSync(settings.APIPIX_CERT_FILE!, 'utf8'),
        clientKey: readFileSync(settings.APIPIX_KEY_FILE!, 'utf8'),
        serverCert: '',
        serverKey: '',
      };
      const sim = { url: settings.APIPIX_BASE_URL!, certificates };
      const token = await httpsCall(sim, 'POST', '/oauth/token', {
        form: { grant_type: 'client_credentials', client_id: settings.APIPIX_CLIENT_ID!, client_secret: settings.APIPIX_CLIENT_SECRET! },
      });
      expect(token.status).toBe(200);
      await expect(httpsCall(sim, 'POST', '/oauth/token', { anonymous: true })).rejects.toThrow();
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it('serves plain HTTP on loopback with --http', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'psp-sim-cli-'));
    dirs.push(dir);
    const { child, settings } = await start(['--http', '--dir', dir]);
    try {
      expect(settings.APIPIX_ALLOW_HTTP_LOOPBACK).toBe('true');
      const res = await fetch(`${settings.APIPIX_BASE_URL}/_control/state`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ cobs: 0, pix: 0 });
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it('refuses a bad port with a one-line error', () => {
    const r = spawnSync(process.execPath, [MAIN, '--port', 'abc'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('psp-simulator: --port must be 0 to 65535, not abc\n');
  });
});

import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReceivedRequest {
  /** Date.now() when the request was complete. */
  at: number;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface Scripted {
  status?: number;
  delayMs?: number;
  body?: string;
  headers?: Record<string, string>;
}

export type Script = (req: ReceivedRequest, n: number) => Scripted;

/** A self-signed certificate for localhost and 127.0.0.1 (made with openssl once per process). */
let cert: { key: string; cert: string; caFile: string } | undefined;
export function testCertificate() {
  if (!cert) {
    const dir = mkdtempSync(join(tmpdir(), 'pixpay-receiver-'));
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ], { stdio: 'ignore' });
    cert = { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), caFile: certFile };
  }
  return cert;
}

/**
 * A local HTTPS webhook receiver: records every request (raw body, headers, time) and
 * answers what the script says (status, delay, body). Per path, so tests can give each
 * registration its own behaviour.
 */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  private scripts = new Map<string, Script>();
  private server!: Server;
  private counts = new Map<string, number>();
  private waiters: (() => void)[] = [];
  port = 0;

  static async start(): Promise<Receiver> {
    const r = new Receiver();
    const { key, cert: c } = testCertificate();
    r.server = createServer({ key, cert: c, keepAliveTimeout: 60_000 }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (ch: Buffer) => chunks.push(ch));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0]!;
        const rec: ReceivedRequest = { at: Date.now(), path, headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') };
        const n = (r.counts.get(path) ?? 0) + 1;
        r.counts.set(path, n);
        r.requests.push(rec);
        for (const w of r.waiters.splice(0)) w();
        const s: Scripted = (r.scripts.get(path) ?? ((): Scripted => ({ status: 200 })))(rec, n);
        const answer = () => {
          if (res.destroyed) return;
          res.writeHead(s.status ?? 200, { 'content-type': 'text/plain', ...(s.headers ?? {}) });
          res.end(s.body ?? 'ok');
        };
        if (s.delayMs) setTimeout(answer, s.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    r.port = (r.server.address() as AddressInfo).port;
    return r;
  }

  get caFile(): string {
    return testCertificate().caFile;
  }

  /** WEBHOOK_ALLOW_HOSTS for this receiver: its port on localhost and 127.0.0.1. */
  get allowHosts(): string {
    return `localhost:${this.port},127.0.0.1:${this.port}`;
  }

  url(path: string, host = 'localhost'): string {
    return `https://${host}:${this.port}${path}`;
  }

  script(path: string, s: Script): void {
    this.scripts.set(path, s);
  }

  on(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Waits (bounded) until the predicate holds over the recorded requests. */
  async waitFor(pred: (reqs: ReceivedRequest[]) => boolean, timeoutMs = 15_000, what = 'requests'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pred(this.requests)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what} (have ${this.requests.length})`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Independent signature check, written from SPEC's words (not the service's code). */
export function independentVerify(rawBody: string, timestamp: string, secret: string): boolean {
  const parsed = JSON.parse(rawBody) as Record<string, unknown>;
  const { version: _v, expires_at: _e, signature, ...rest } = parsed;
  const json = JSON.stringify(rest);
  const expected = 'v1=' + createHmac('sha256', secret).update(`${timestamp}.${json}`).digest('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return signature === expected;
}

/** Waits (bounded) for an async condition. */
export async function eventually<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

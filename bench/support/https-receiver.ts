import { fork, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
export const wall = () => performance.timeOrigin + performance.now();

/**
 * A webhook receiver in its own process (so it does not share the service's event loop):
 * HTTPS on loopback with a throw-away self-signed certificate, verifies each signature,
 * keeps the first arrival time of each X-Webhook-Id and counts repeats of an id, and the
 * TLS connections the sender opened (full handshakes, and resumed sessions).
 */
const RECEIVER_SOURCE = `
const { createServer } = require('node:https');
const { createHmac } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { performance } = require('node:perf_hooks');
const wall = () => performance.timeOrigin + performance.now();
let secret = '';
const seen = new Map();
let invalid = 0;
let duplicates = 0;
const tls = { full: 0, resumed: 0 };
const server = createServer({ key: readFileSync(process.env.KEY), cert: readFileSync(process.env.CERT), keepAliveTimeout: 60000 }, (req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const ts = String(req.headers['x-webhook-timestamp']);
    const { version, expires_at, signature, ...rest } = JSON.parse(raw);
    const expected = 'v1=' + createHmac('sha256', secret).update(ts + '.' + JSON.stringify(rest)).digest('base64url');
    const id = String(req.headers['x-webhook-id']);
    if (signature !== expected) invalid++;
    else if (seen.has(id)) duplicates++;
    else seen.set(id, wall());
    res.writeHead(204).end();
  });
});
server.on('secureConnection', (socket) => { if (socket.isSessionReused()) tls.resumed++; else tls.full++; });
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (m) => {
  if (m.secret) secret = m.secret;
  if (m.report) process.send({ report: [...seen.entries()], invalid, duplicates, tls });
  if (m.reset) { seen.clear(); invalid = 0; duplicates = 0; tls.full = 0; tls.resumed = 0; }
  if (m.exit) server.close(() => process.exit(0));
});
`;

export interface ReceiverReport {
  /** [X-Webhook-Id, first arrival (wall ms)] of every validly signed delivery. */
  report: [string, number][];
  invalid: number;
  /** Validly signed requests whose X-Webhook-Id had already arrived. */
  duplicates: number;
  /** TLS connections accepted since the last reset: full handshakes, resumed sessions. */
  tls: { full: number; resumed: number };
}

export interface Receiver {
  child: ChildProcess;
  port: number;
  caFile: string;
  request<T>(msg: Record<string, unknown>, key: string): Promise<T>;
}

export async function startReceiver(): Promise<Receiver> {
  const dir = mkdtempSync(join(tmpdir(), 'pixpay-bench-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  const script = join(dir, 'receiver.js');
  writeFileSync(script, RECEIVER_SOURCE);
  const child = fork(script, [], { env: { ...process.env, KEY: key, CERT: cert }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  return {
    child,
    port,
    caFile: cert,
    request: <T>(msg: Record<string, unknown>, k: string) =>
      new Promise<T>((resolve) => {
        const on = (m: Record<string, unknown>) => {
          if (k in m) {
            child.off('message', on);
            resolve(m as T);
          }
        };
        child.on('message', on);
        child.send(msg);
      }),
  };
}

/** Bounded polling of the receiver until every id arrived (or `boundMs` passed); returns its last report. */
export async function waitDelivered(receiver: Receiver, ids: string[], boundMs: number): Promise<ReceiverReport> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const r = await receiver.request<ReceiverReport>({ report: true }, 'report');
    const seen = new Set(r.report.map(([id]) => id));
    if (ids.every((id) => seen.has(id)) || Date.now() > deadline) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
}

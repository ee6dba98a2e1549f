import https from 'node:https';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { SimulatorCertificates } from '../../tools/psp-simulator/certificates';
import { startPspSimulator, type Exchange, type RunningSimulator, type SimulatorOptions } from '../../tools/psp-simulator/simulator';
import { callbackKindOf, callbackProblems, requestProblems, responseProblems, tokenProblems } from './apipix-conformance';

/**
 * The PSP simulator under test, started in this process on a free loopback port, with every
 * API Pix exchange checked against the Central Bank's spec (tests expect both lists empty):
 * - `drift`: answers that break the spec, and successes to requests the spec refuses (a
 *   simulator that accepts what a PSP would not);
 * - `requestDrift`: every request that breaks the spec, whatever the answer (for tests of a
 *   client, whose requests must all conform; a simulator test sends bad ones on purpose).
 */
export interface TestSimulator extends RunningSimulator {
  drift: string[];
  requestDrift: string[];
  exchanges: Exchange[];
}

export async function startTestSimulator(options: SimulatorOptions = {}): Promise<TestSimulator> {
  const drift: string[] = [];
  const requestDrift: string[] = [];
  const exchanges: Exchange[] = [];
  const sim = await startPspSimulator({
    ...options,
    observe: (x) => {
      exchanges.push(x);
      if (x.path === '/oauth/token') {
        drift.push(...tokenProblems(x.status, x.responseBody));
        return;
      }
      const request = requestProblems({ method: x.method, path: x.path, query: x.query, body: x.requestBody });
      requestDrift.push(...request);
      if (x.status >= 200 && x.status < 300) drift.push(...request);
      drift.push(...responseProblems({ method: x.method, path: x.path, status: x.status, contentType: x.contentType, body: x.responseBody }));
    },
  });
  return Object.assign(sim, { drift, requestDrift, exchanges });
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** A request over HTTPS with PixPay's client certificate (or none: `anonymous`). */
export function httpsCall(
  sim: { url: string; certificates: SimulatorCertificates },
  method: string,
  path: string,
  options: { body?: unknown; form?: Record<string, string>; headers?: Record<string, string>; anonymous?: boolean } = {},
): Promise<Answer> {
  const payload = options.form ? new URLSearchParams(options.form).toString() : options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (payload !== undefined) headers['content-type'] ??= options.form ? 'application/x-www-form-urlencoded' : 'application/json';
  const c = sim.certificates;
  return new Promise((resolve, reject) => {
    const req = https.request(
      new URL(path, sim.url),
      { method, headers, ca: c.caCert, ...(options.anonymous ? {} : { cert: c.clientCert, key: c.clientKey }), agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: /json/.test(res.headers['content-type'] ?? '') && text ? JSON.parse(text) : text });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A token with the scopes asked (all by default), credentials in a Basic header. */
export async function tokenFor(sim: TestSimulator, scope?: string): Promise<string> {
  const basic = Buffer.from(`${sim.clientId}:${sim.clientSecret}`).toString('base64');
  const answer = await httpsCall(sim, 'POST', '/oauth/token', { form: { grant_type: 'client_credentials', ...(scope ? { scope } : {}) }, headers: { authorization: `Basic ${basic}` } });
  if (answer.status !== 200) throw new Error(`token: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.access_token as string;
}

/** An API Pix call with a bearer token. */
export function apiPix(sim: TestSimulator, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  return httpsCall(sim, method, path, { body, headers: { authorization: `Bearer ${token}` } });
}

/** A control API call (no token; the client certificate is enough). */
export function control(sim: TestSimulator, method: string, path: string, body?: unknown): Promise<Answer> {
  return httpsCall(sim, method, `/_control${path}`, { body });
}

export interface Received {
  url: string;
  body: any;
  /** Whether the caller showed a certificate the receiver's CA signed. */
  authorized: boolean;
}

/**
 * A callback receiver over HTTPS that asks for a client certificate of the simulator's CA.
 * It records what it gets (checking each body against the spec) and answers the scripted
 * statuses, 200 when the script is empty.
 */
export async function startCallbackReceiver(certs: SimulatorCertificates) {
  const received: Received[] = [];
  const drift: string[] = [];
  const script: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = https.createServer({ key: certs.serverKey, cert: certs.serverCert, ca: certs.caCert, requestCert: true, rejectUnauthorized: false }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      drift.push(...callbackProblems(body, callbackKindOf(new URL(req.url ?? '/', 'https://x').pathname)));
      received.push({ url: req.url ?? '', body, authorized: (req.socket as import('node:tls').TLSSocket).authorized });
      res.statusCode = script.shift() ?? 200;
      res.end();
      for (const w of [...waiters]) if (received.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}/hooks/pixpay`,
    received,
    drift,
    /** Statuses for the next answers, in order. */
    script,
    /** Resolves once `count` callbacks in all have arrived. */
    until: (count: number) => (received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    close: () => new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
  };
}

/** 26 to 35 letters and digits. */
export function newTxid(): string {
  return `tx${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.replace(/[^a-z0-9]/g, '').padEnd(30, '0').slice(0, 35);
}

export type CallbackReceiver = Awaited<ReturnType<typeof startCallbackReceiver>>;

type Hooked = { sim: TestSimulator; receiver: CallbackReceiver; token: string };

/**
 * Hooks of a describe block: one simulator for the block; before each test a reset, a
 * fresh receiver that `register` points the simulator's webhooks at, and a token; after
 * each, no drift from the spec in answers or callbacks. Read the fields inside tests (they
 * change per test).
 */
function simulatorHooks(register: (t: Hooked) => Promise<void>): Hooked {
  const t = {} as Hooked;
  beforeAll(async () => {
    t.sim = await startTestSimulator();
  });
  beforeEach(async () => {
    await control(t.sim, 'POST', '/reset');
    t.receiver = await startCallbackReceiver(t.sim.certificates);
    t.token = await tokenFor(t.sim);
    await register(t);
  });
  afterEach(async () => {
    expect(t.sim.drift).toEqual([]);
    expect(t.receiver.drift).toEqual([]);
    await t.receiver.close();
  });
  afterAll(() => t.sim.close());
  return t;
}

/** The hooks above, the receiver registered as the webhook of `chave`. */
export function simulatorWithReceiver(chave: string): Hooked {
  return simulatorHooks(async (t) => {
    expect((await apiPix(t.sim, t.token, 'PUT', `/webhook/${encodeURIComponent(chave)}`, { webhookUrl: t.receiver.url })).status).toBe(200);
  });
}

/**
 * The hooks above for PIX Automático: the receiver registered as both `webhookrec` and
 * `webhookcobr` (its callbacks arrive at `…/rec` and `…/cobr`).
 */
export function simulatorWithRecWebhooks(): Hooked {
  return simulatorHooks(async (t) => {
    for (const path of ['/webhookrec', '/webhookcobr']) expect((await apiPix(t.sim, t.token, 'PUT', path, { webhookUrl: t.receiver.url })).status).toBe(200);
  });
}

import { spawn, type ChildProcess } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { onboardSeller } from '../support/app';
import { ROOT } from '../support/compiled';
import { ContractDrift, contractFetch, contractProblems } from '../support/contract';
import { createMigratedTestDatabase } from '../support/database';

let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;

beforeAll(async () => {
  db = await createMigratedTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** The real entry point on the test database; resolves with its URL once it listens. */
async function startProcess(): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string }> {
  const child = spawn(process.execPath, [join(ROOT, 'dist/src/main.js')], {
    env: { ...process.env, MODE: 'sandbox', NODE_ENV: 'production', PORT: '0', DATABASE_URL: db.url, LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '15000', SHUTDOWN_DRAIN_DELAY_MS: '1500' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!/"url":"(http:[^"]+)"/.test(output) && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const url = /"url":"(http:[^"]+)"/.exec(output)?.[1];
  if (!url) throw new Error(`did not start: ${output}`);
  return { child, url, exited, output: () => output };
}

type Outcome = { key: string; status?: number; id?: string; replayed?: boolean; error?: string; drift?: string[] };

const headersOf = (h: IncomingHttpHeaders) => new Headers(Object.entries(h).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v] as [string, string]])));

/** One create on a fresh connection (no keep-alive), so "started" is unambiguous: the connection was accepted. */
function create(url: string, apiKey: string, key: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ amount: 1234, description: 'drain' });
    const req = request(`${url}/api/v1/cobranca/transactions`, {
      method: 'POST',
      agent: false,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'idempotency-key': key, 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        const parsed = JSON.parse(text) as { data?: { id: string } };
        const drift = contractProblems({ method: 'POST', url: '/api/v1/cobranca/transactions', status: res.statusCode!, headers: headersOf(res.headers), body: parsed, sent: { json: true, body: JSON.parse(body) } });
        resolve({ key, status: res.statusCode, id: parsed.data?.id, replayed: res.headers['idempotent-replayed'] === 'true', ...(drift.length ? { drift } : {}) });
      });
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ key, error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ key, error: e.code ?? e.message }));
    req.end(body);
  });
}

describe('graceful shutdown under load', () => {
  it('SIGTERM: not ready at once, every routed request answered (no reset), subscriptions closed with 1001, nothing lost or created twice', async () => {
    const first = await startProcess();
    const seller = await onboardSeller(first);

    // A live subscription on the instance being stopped.
    const ws = new WebSocket(`${first.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => ws.on('open', () => resolve()));
    ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${seller.apiKey}` } }));
    await new Promise<void>((resolve) => ws.on('message', (m) => JSON.parse(String(m)).type === 'connection_ack' && resolve()));
    ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { transactionUpdated { id status } }' } }));

    // Load: 8 clients creating charges back to back; SIGTERM once 40 have been answered.
    // Like a load balancer, they stop sending once /health/ready says the instance is not ready.
    const outcomes: Outcome[] = [];
    let n = 0;
    let signalled = false;
    let sigtermSent!: () => void;
    const sigterm = new Promise<void>((resolve) => (sigtermSent = resolve));
    let routed = true;
    const readiness = (async () => {
      await sigterm;
      while (routed) {
        const res = await contractFetch(`${first.url}/health/ready`, { headers: { connection: 'close' } }).catch((e) => {
          if (e instanceof ContractDrift) throw e;
          return null;
        });
        if (res?.status !== 200) routed = false;
        else await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const client = async () => {
      while (routed) {
        const o = await create(first.url, seller.apiKey, `drain-${n++}`);
        outcomes.push(o);
        if (!signalled && outcomes.filter((x) => x.status).length >= 40) {
          signalled = true;
          first.child.kill('SIGTERM');
          sigtermSent();
        }
      }
    };
    await Promise.all([readiness, ...Array.from({ length: 8 }, client)]);
    const code = await Promise.race([first.exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 30_000))]);
    if (code === 'hung') first.child.kill('SIGKILL');
    expect(code, first.output().slice(-2000)).toBe(0);
    expect(await closed).toBe(1001);

    const answered = outcomes.filter((o) => o.status !== undefined);
    const failed = outcomes.filter((o) => o.error !== undefined);
    expect(answered.length).toBeGreaterThanOrEqual(40);
    expect(answered.every((o) => o.status === 201), JSON.stringify(answered.filter((o) => o.status !== 201))).toBe(true);
    // Every request sent while the instance was routed got its answer: no reset, no refusal.
    expect(failed).toEqual([]);
    // Every answer, during the drain too, is one the document describes.
    expect(outcomes.flatMap((o) => o.drift ?? [])).toEqual([]);

    // Retried on a new instance: answered ones replay, refused ones are created; one charge per key.
    const second = await startProcess();
    try {
      const retried = await Promise.all(outcomes.map((o) => create(second.url, seller.apiKey, o.key)));
      for (const [i, r] of retried.entries()) {
        expect(r.status).toBe(201);
        expect(r.drift).toBeUndefined();
        if (outcomes[i]!.status === 201) expect(r).toMatchObject({ replayed: true, id: outcomes[i]!.id });
      }
      const list = await contractFetch(`${second.url}/api/v1/cobranca/transactions?limit=500`, { headers: { 'x-api-key': seller.apiKey } });
      const total = ((await list.json()) as { data: { total: number } }).data.total;
      expect(total).toBe(outcomes.length);
      console.log(`graceful shutdown: ${answered.length} answered before exit, ${failed.length} refused, ${total} charges after retry (expected ${outcomes.length})`);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 180_000);
});

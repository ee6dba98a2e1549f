import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication, type RunningApp } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { createLogger } from '../../src/infra/log/logger';
import { onboardSeller } from '../support/app';
import { FlowingClock } from './support/clock';
import { emitEvent } from './support/app';
import { rest } from '../support/rest';
import { eventually, independentVerify, Receiver } from './support/receiver';

const dataDir = mkdtempSync(join(tmpdir(), 'pixpay-embedded-webhooks-'));
let receiver: Receiver;
let app: RunningApp;
const clock = new FlowingClock();

beforeAll(async () => {
  receiver = await Receiver.start();
  // No DATABASE_URL, no AMQP_URL: PGlite (one connection) and the in-process queue.
  app = await startApplication(
    loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEBHOOK_ALLOW_HOSTS: receiver.allowHosts, WEBHOOK_CA_FILE: receiver.caFile, WEBHOOK_POLL_MS: '100' }),
    { logger: createLogger('silent'), clock },
  );
});
afterAll(async () => {
  await app?.stop();
  await receiver?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// PGlite starts in WebAssembly and runs every migration: slow on a busy machine, so a long budget.
describe('webhooks in embedded mode (PGlite, no RabbitMQ)', { timeout: 120_000 }, () => {
  it('delivers signed events end to end, retries on the PostgreSQL queue, and moves to a next cycle', async () => {
    expect(app.services.webhookRuntime.backend).toBe('embedded');
    const s = await onboardSeller(app);
    const hook = (await rest(app, 'POST', '/v1/webhooks', { key: s.apiKey, body: { eventType: 'ALL', url: receiver.url('/embedded') } })).body.data;
    receiver.script('/embedded', (_r, n) => ({ status: n <= 3 ? 503 : 200 }));
    const test = { clock, services: app.services } as unknown as Parameters<typeof emitEvent>[0];
    const eventId = await emitEvent(test, { sellerId: s.sellerId, payload: { id: 'tx_emb', amount: 100, status: 'PAID', customer: { email: 'ana@example.com' } } });
    // Cycle 1: three attempts about 0.5-1 s and 1-2 s apart, in real time.
    await receiver.waitFor(() => receiver.on('/embedded').length === 3, 15_000);
    const reqs = receiver.on('/embedded');
    expect(reqs[1]!.at - reqs[0]!.at).toBeGreaterThanOrEqual(400);
    expect(reqs[2]!.at - reqs[1]!.at).toBeGreaterThanOrEqual(900);
    const waiting = await eventually(
      () => rest(app, 'GET', `/v1/webhooks/deliveries?eventId=${eventId}`, { key: s.apiKey }),
      (r) => r.body.data.items[0]?.cycle === 2,
      5_000,
      'cycle 2 scheduled',
    );
    expect(waiting.body.data.items[0]).toMatchObject({ status: 'PENDING', attempts: 3 });
    // The next cycle is 5 minutes later: move the clock instead of waiting.
    clock.advance(5 * 60_000 + 1_000);
    app.services.webhookRuntime.embeddedWorker!.wake();
    await receiver.waitFor(() => receiver.on('/embedded').length === 4, 10_000);
    const last = receiver.on('/embedded')[3]!;
    expect(last.headers['x-webhook-id']).toBe(eventId);
    expect(independentVerify(last.rawBody, String(last.headers['x-webhook-timestamp']), hook.secret)).toBe(true);
    expect(JSON.parse(last.rawBody).customer).toEqual({ email: 'a***@example.com' });
    await eventually(
      () => rest(app, 'GET', `/v1/webhooks/deliveries?eventId=${eventId}`, { key: s.apiKey }),
      (r) => r.body.data.items[0]?.status === 'DELIVERED',
      5_000,
      'delivered',
    );
  });
});

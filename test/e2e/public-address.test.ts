import { createServer, type Server } from 'node:net';
import { Writable } from 'node:stream';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { StartupError } from '../../src/main/database';
import { createLogger } from '../../src/infra/log/logger';
import { parseBrCode } from '../../src/domain/pix/br-code';
import { onboardSeller } from '../support/app';
import { contractFetch } from '../support/contract';
import { createMigratedTestDatabase } from '../support/database';
import { rest } from '../support/rest';
import { platformOf } from '../support/platform';

let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
beforeAll(async () => {
  db = await createMigratedTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** A logger whose JSON lines the test can read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

const start = (env: Record<string, string>, logger = createLogger('silent')) =>
  startApplication(loadConfig({ MODE: 'sandbox', ROLE: 'api', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: db.url, ...env }), { logger });

describe('the public address', () => {
  it('defaults to the port actually listened on: BR Codes and the JWS jku point there', async () => {
    const app = await start({ PORT: '0' });
    try {
      const port = new URL(app.url).port;
      expect(port).not.toBe('3000');
      const seller = await onboardSeller(app);
      const created = await rest(app, 'POST', '/api/v1/cobranca/transactions', { key: seller.apiKey, body: { amount: 1050 }, idempotencyKey: 'public-address-1' });
      expect(created.status).toBe(201);
      const location = JSON.stringify(parseBrCode(created.body.data.pix.copyPaste));
      expect(location).toContain(`127.0.0.1:${port}/pix/qr/`);
      // The location a payer's bank fetches answers, signed with a jku on the same address.
      const locationId = /127\.0\.0\.1:\d+\/pix\/qr\/([A-Za-z0-9]+)/.exec(location)![1];
      const jws = await contractFetch(`${app.url}/pix/qr/${locationId}`);
      expect(jws.status).toBe(200);
      expect(decodeProtectedHeader(await jws.text()).jku).toBe(`${app.url}/pix/jwks`);
    } finally {
      await app.stop();
    }
  });

  it('keeps PUBLIC_BASE_URL when set, and says once at start that it differs from the address listened on', async () => {
    const { logger, lines } = capturingLogger();
    const app = await start({ PORT: '0', PUBLIC_BASE_URL: 'https://pay.example.com' }, logger);
    try {
      const warnings = lines.filter((l) => l.level === 40).map((l) => String(l.msg));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`PUBLIC_BASE_URL is https://pay.example.com but the service listens on ${app.url}`);
      expect(platformOf(app).publicAddress.baseUrl).toBe('https://pay.example.com');
    } finally {
      await app.stop();
    }
  });

  it('a port already in use stops the start with one sentence naming the port and the setting', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const port = (taken.address() as { port: number }).port;
    try {
      const failure = await start({ PORT: String(port) }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(StartupError);
      expect((failure as Error).message).toBe(`port ${port} on 127.0.0.1 is already in use: stop the program using it, or set PORT to another port (PORT=0 picks a free one)`);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});

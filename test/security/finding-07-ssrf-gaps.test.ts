import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/main/config';
import { parseAllowList } from '../../src/domain/webhooks/webhook-allow-list';
import { SsrfGuard } from '../../src/infra/webhooks/ssrf-guard';
import { capturedLogger, gql, onboardSeller, PRODUCTION_TEST_SECRETS, startTestApp, type Seller, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { FlowingClock } from '../webhooks/support/clock';
import { eventually, Receiver } from '../webhooks/support/receiver';

/**
 * Issue #34, finding 7: IPv6 forms that carry an IPv4 address (`::ffff:0:0:0/96`,
 * `64:ff9b:1::/48`) were not judged by it; the allow-list was by host only, so on an
 * allowed host the attempt log told open ports from closed ones; production accepted the
 * allow-list; and the seller saw each connection error's precise cause.
 */
let receiver: Receiver;
let app: TestApp;
let seller: Seller;
let closedPort: number;
let resetting: Server;
let resettingPort: number;
const { logger, lines } = capturedLogger('warn');

const freePort = async (): Promise<number> => {
  const s = createTcpServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
};

beforeAll(async () => {
  receiver = await Receiver.start();
  closedPort = await freePort();
  // Accepts the connection, then resets it (what a database port does to a TLS hello).
  resetting = createTcpServer((socket) => socket.resetAndDestroy());
  await new Promise<void>((r) => resetting.listen(0, '127.0.0.1', r));
  resettingPort = (resetting.address() as AddressInfo).port;
  app = await startTestApp(
    { WEBHOOK_ALLOW_HOSTS: `${receiver.allowHosts},localhost:${closedPort},localhost:${resettingPort}`, WEBHOOK_CA_FILE: receiver.caFile, WEBHOOK_POLL_MS: '100' },
    new FlowingClock(),
    logger,
  );
  seller = await onboardSeller(app);
});
afterAll(async () => {
  await app?.close();
  await receiver?.stop();
  resetting?.close();
});

const register = (url: string) => rest(app, 'POST', '/v1/webhooks', { key: seller.apiKey, body: { eventType: 'ALL', url } });

describe('finding 7: SSRF gaps', () => {
  it.each(['https://[::ffff:0:7f00:2]/', 'https://[64:ff9b:1::7f00:2]/', 'https://[::ffff:0:a00:1]/', 'https://[64:ff9b:1::a9fe:a9fe]/', 'https://[64:ff9b:1:7f00:1::]/'])(
    'refuses %s at registration: the IPv4 address it carries is private',
    async (url) => {
      const res = await register(url);
      expect(res.status).toBe(400);
      expect(res.body.erro).toBe('WEBHOOK_URL_FORBIDDEN');
    },
  );

  it('refuses them at connect time too, when a name resolves to them later', async () => {
    const answers: Record<string, string> = { 'translated.example': '::ffff:0:7f00:2', 'nat64.example': '64:ff9b:1::7f00:2', 'public.example': '64:ff9b:1::808:808' };
    const guard = new SsrfGuard([], async (host) => [{ address: answers[host]!, family: 6 }]);
    await expect(guard.resolveTarget(new URL('https://translated.example/'))).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    await expect(guard.resolveTarget(new URL('https://nat64.example/'))).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    await expect(guard.resolveTarget(new URL('https://public.example/'))).resolves.toEqual({ address: '64:ff9b:1::808:808', family: 6 });
  });

  it('allows by host and port: another port of an allowed host is refused with the same error', async () => {
    expect((await register(receiver.url('/hook'))).status).toBe(201);
    for (const port of [5432, 22, 443]) {
      const res = await register(`https://localhost:${port}/`);
      expect(res.status).toBe(400);
      expect(res.body.erro).toBe('WEBHOOK_URL_FORBIDDEN');
    }
    // A bare host is port 443 only.
    const bare = new SsrfGuard(parseAllowList('localhost').targets);
    await expect(bare.resolveTarget(new URL('https://localhost/'))).resolves.toEqual({ address: null, family: null });
    await expect(bare.resolveTarget(new URL(`https://localhost:${receiver.port}/`))).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
  });

  it('production refuses WEBHOOK_ALLOW_HOSTS at start unless WEBHOOK_ALLOW_HOSTS_IN_PRODUCTION=true', () => {
    const production = { MODE: 'production', ...PRODUCTION_TEST_SECRETS, WEBHOOK_ALLOW_HOSTS: 'hooks.internal:8443' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/^WEBHOOK_ALLOW_HOSTS lets webhooks reach private addresses: production refuses it unless WEBHOOK_ALLOW_HOSTS_IN_PRODUCTION=true says it is meant\.$/);
    expect(loadConfig({ ...production, WEBHOOK_ALLOW_HOSTS_IN_PRODUCTION: 'true' }).WEBHOOK_ALLOW_HOSTS).toEqual([{ host: 'hooks.internal', port: 8443 }]);
    expect(loadConfig({ MODE: 'production', ...PRODUCTION_TEST_SECRETS }).WEBHOOK_ALLOW_HOSTS).toEqual([]);
  });

  it('a refused or reset connection is one generic reason for the seller; the operators log the cause', async () => {
    const hooks: [number, string][] = [[closedPort, 'ECONNREFUSED'], [resettingPort, 'ECONNRESET']];
    for (const [port, cause] of hooks) {
      const created = await register(`https://localhost:${port}/probe`);
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      expect((await rest(app, 'POST', `/v1/webhooks/${id}/test`, { key: seller.apiKey })).status).toBe(202);
      const attempts = await eventually(() => rest(app, 'GET', `/v1/webhooks/${id}/attempts`, { key: seller.apiKey }), (r) => r.body.data.items.length >= 1, 10_000, 'attempt');
      expect(attempts.body.data.items[0]).toMatchObject({ success: false, statusCode: null, error: 'CONNECTION_FAILED' });
      const viaGraphql = await gql(app, 'query($id:ID!){ webhookAttempts(webhookId:$id){ items { error } } }', { id }, seller.apiKey);
      expect(viaGraphql.data!.webhookAttempts.items[0]).toEqual({ error: 'CONNECTION_FAILED' });
      const deliveries = await rest(app, 'GET', `/v1/webhooks/${id}/deliveries`, { key: seller.apiKey });
      expect(JSON.stringify(deliveries.body)).not.toContain(cause);
      expect(lines.some((l) => l.msg === 'webhook connection failed' && l.cause === cause && l.target === `localhost:${port}`)).toBe(true);
    }
  });
});

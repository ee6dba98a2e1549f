import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedRequest } from '../../src/domain/webhooks/webhook-body';
import { HttpsWebhookSender } from '../../src/infra/webhooks/https-sender';
import { isForbiddenAddress, SsrfGuard } from '../../src/infra/webhooks/ssrf-guard';
import { parseAllowList } from '../../src/domain/webhooks/webhook-allow-list';
import { delayTierFor, DELAY_TIERS_MS } from '../../src/infra/amqp/topology';
import { Receiver, testCertificate } from './support/receiver';

describe('SSRF address rules', () => {
  it.each([
    ['127.0.0.1', true], ['127.255.0.9', true], ['10.0.0.1', true], ['172.16.0.1', true], ['172.31.255.255', true], ['172.32.0.1', false],
    ['192.168.1.1', true], ['169.254.169.254', true], ['169.254.0.1', true], ['100.64.0.1', true], ['100.127.255.254', true], ['100.128.0.1', false],
    ['0.0.0.0', true], ['255.255.255.255', true], ['224.0.0.1', true], ['198.18.0.1', true], ['192.0.2.10', true],
    ['8.8.8.8', false], ['1.1.1.1', false], ['200.147.67.142', false],
    ['::', true], ['::1', true], ['fe80::1', true], ['fd12:3456::1', true], ['fc00::1', true], ['ff02::1', true], ['2001:db8::1', true],
    ['::ffff:127.0.0.1', true], ['::ffff:7f00:1', true], ['::ffff:10.0.0.1', true], ['::ffff:8.8.8.8', false],
    ['64:ff9b::a9fe:a9fe', true], ['64:ff9b::808:808', false], ['2002:a9fe:a9fe::1', true], ['2002:808:808::1', false],
    ['::ffff:0:7f00:2', true], ['::ffff:0:808:808', false], ['64:ff9b:1::7f00:2', true], ['64:ff9b:1::808:808', false], ['64:ff9b:1:808:8:800::', true],
    ['::7f00:1', true], ['::808:808', true], ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true],
    ['2001:4860:4860::8888', false], ['2606:4700:4700::1111', false],
    ['not-an-ip', true],
  ])('%s forbidden: %s', (address, forbidden) => {
    expect(isForbiddenAddress(address)).toBe(forbidden);
  });

  it('refuses a name that resolves to a private address, or to a mix (DNS rebinding), allows a public one', async () => {
    const answers: Record<string, string[]> = { 'rebind.example': ['8.8.8.8', '10.0.0.5'], 'private.example': ['192.168.0.2'], 'ok.example': ['93.184.216.34'], 'v6.example': ['::1'] };
    const guard = new SsrfGuard([], async (host) => (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    await expect(guard.assertAllowed(new URL('https://rebind.example/x'))).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    await expect(guard.assertAllowed(new URL('https://private.example/x'))).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    await expect(guard.assertAllowed(new URL('https://v6.example/x'))).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    await expect(guard.assertAllowed(new URL('https://nowhere.example/x'))).rejects.toMatchObject({ code: 'WEBHOOK_HOST_UNRESOLVABLE' });
    await expect(guard.resolveTarget(new URL('https://ok.example/x'))).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(guard.assertAllowed(new URL('http://ok.example/x'))).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
  });

  it('allow-listed hosts and ports skip the address check (exact names, case-insensitive, IPv6 literals)', async () => {
    const guard = new SsrfGuard(parseAllowList('LOCALHOST:8443,127.0.0.1,[::1]').targets, async () => [{ address: '127.0.0.1', family: 4 }]);
    await expect(guard.resolveTarget(new URL('https://localhost:8443/x'))).resolves.toEqual({ address: null, family: null });
    await expect(guard.assertAllowed(new URL('https://localhost:5432/x'))).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    await expect(guard.resolveTarget(new URL('https://127.0.0.1/x'))).resolves.toEqual({ address: null, family: null });
    await expect(guard.resolveTarget(new URL('https://[::1]/x'))).resolves.toEqual({ address: null, family: null });
    await expect(guard.assertAllowed(new URL('https://127.0.0.2/x'))).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
  });
});

describe('RabbitMQ retry tiers', () => {
  it('pick the largest tier not above the remaining wait; hops add up to the wanted delay', () => {
    expect(delayTierFor(10)).toBeNull();
    expect(delayTierFor(49)).toBeNull();
    expect(delayTierFor(60)).toBe(100);
    expect(delayTierFor(737)).toBe(400);
    expect(delayTierFor(30_000)).toBe(25_600);
    for (const wanted of [500, 737, 1_000, 1_999, 4_321, 15_000, 30_000]) {
      let left = wanted;
      let hops = 0;
      for (let tier = delayTierFor(left); tier !== null; tier = delayTierFor(left)) {
        left -= tier;
        hops++;
      }
      expect(Math.abs(left)).toBeLessThan(DELAY_TIERS_MS[0]);
      expect(hops).toBeLessThanOrEqual(DELAY_TIERS_MS.length + 1);
    }
  });
});

describe('HTTPS sender', () => {
  let receiver: Receiver;
  let guard: SsrfGuard;
  const req = () => signedRequest({ body: { id: 'x', eventType: 'T' }, eventId: 'evt_1', secret: 's', now: new Date(), expiresAt: new Date() });
  beforeAll(async () => {
    receiver = await Receiver.start();
    guard = new SsrfGuard(parseAllowList(receiver.allowHosts).targets);
  });
  afterAll(async () => receiver?.stop());

  it('verifies TLS: a self-signed receiver fails without WEBHOOK_CA_FILE and works with it', async () => {
    const untrusted = new HttpsWebhookSender({ guard });
    const out = await untrusted.send(receiver.url('/tls'), req());
    expect(out).toMatchObject({ networkError: true, error: expect.stringMatching(/CERT|SELF_SIGNED|UNABLE/) });
    const trusted = new HttpsWebhookSender({ guard, caFile: receiver.caFile });
    expect(await trusted.send(receiver.url('/tls'), req())).toMatchObject({ statusCode: 200, responseExcerpt: 'ok' });
    untrusted.close();
    trusted.close();
  });

  it('keeps at most 1 KB of the response, reports Retry-After, does not follow redirects', async () => {
    const sender = new HttpsWebhookSender({ guard, caFile: receiver.caFile });
    receiver.script('/big', () => ({ status: 429, body: 'é'.repeat(5_000), headers: { 'retry-after': '7' } }));
    const big = await sender.send(receiver.url('/big'), req());
    expect(big.statusCode).toBe(429);
    expect(big.retryAfter).toBe('7');
    expect(Buffer.byteLength(big.responseExcerpt!, 'utf8')).toBeLessThanOrEqual(1_024);
    receiver.script('/redirect', () => ({ status: 302, headers: { location: receiver.url('/elsewhere') } }));
    expect((await sender.send(receiver.url('/redirect'), req())).statusCode).toBe(302);
    expect(receiver.on('/elsewhere')).toHaveLength(0);
    sender.close();
  });

  it('refuses a private address at delivery time (DNS may have changed since registration)', async () => {
    const strict = new HttpsWebhookSender({ guard: new SsrfGuard([]), caFile: receiver.caFile });
    const out = await strict.send(receiver.url('/ssrf', '127.0.0.1'), req());
    expect(out).toMatchObject({ networkError: true, error: 'ADDRESS_REFUSED' });
    expect(receiver.on('/ssrf')).toHaveLength(0);
    strict.close();
  });

  it('reports a refused connection as a network error', async () => {
    const { key, cert } = testCertificate();
    const s = createServer({ key, cert });
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as AddressInfo).port;
    await new Promise<void>((r) => s.close(() => r()));
    const sender = new HttpsWebhookSender({ guard: new SsrfGuard(parseAllowList(`localhost:${port}`).targets), caFile: receiver.caFile });
    expect(await sender.send(`https://localhost:${port}/`, req())).toMatchObject({ networkError: true, error: 'ECONNREFUSED' });
    sender.close();
  });

  it('the default deadline is SPEC\'s 5 s: a receiver answering after 5.5 s is a timeout', async () => {
    const sender = new HttpsWebhookSender({ guard, caFile: receiver.caFile });
    receiver.script('/slow', () => ({ status: 200, delayMs: 5_500 }));
    const out = await sender.send(receiver.url('/slow'), req());
    expect(out).toMatchObject({ timedOut: true, error: 'TIMEOUT' });
    expect(out.latencyMs).toBeGreaterThanOrEqual(4_990);
    sender.close();
  }, 15_000);
});

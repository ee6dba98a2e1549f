import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/main/config';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Issue #34, finding 11: `trust proxy` was fixed to loopback, so behind a load balancer
 * elsewhere every client shared one address, and loopback clients chose theirs with
 * X-Forwarded-For. The trusted proxies are now TRUST_PROXY.
 */
let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** One unauthenticated request per forwarded address; the statuses, in order. */
async function healthAs(forwardedFor: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const address of forwardedFor) statuses.push((await fetch(`${app!.url}/health`, { headers: { 'x-forwarded-for': address } })).status);
  return statuses;
}
// One request per address and minute, no burst: a second request from one address is refused.
const tightBudget = { RATE_LIMIT_PUBLIC: '1', RATE_LIMIT_BURST_SECONDS: '1' };

describe('finding 11: trusted proxies are a setting', () => {
  it('believes X-Forwarded-For only from TRUST_PROXY: a client next to a proxy elsewhere cannot pick its address', async () => {
    app = await startTestApp({ ...tightBudget, TRUST_PROXY: '10.0.0.0/8' });
    expect(await healthAs(['198.51.100.1', '198.51.100.2'])).toEqual([200, 429]);
  });

  it('behind a trusted proxy (here loopback, the default), each forwarded client has a budget of its own', async () => {
    app = await startTestApp(tightBudget);
    expect(await healthAs(['198.51.100.1', '198.51.100.2', '198.51.100.1'])).toEqual([200, 200, 429]);
  });

  it('accepts names, addresses and ranges, and refuses trusting everyone', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8, 192.0.2.7' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.0.2.7']);
    for (const bad of ['true', '2', '10.0.0.0/33', 'proxy.example.com']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^TRUST_PROXY must list loopback/);
  });
});

import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { rest } from '../support/rest';
import { cobPuts, seenSince, tokenRequests, useFaultRig } from './fault-rig';
import { control, pspFaults } from './psp';

const rig = useFaultRig();
afterEach(async () => {
  await control(rig.sim, 'PUT', '/_control/tokens', { ttlSeconds: 3600 });
});

/** `n` creates at once. */
const run = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => rig.create({ amount: 200 + i })));

describe('fault: the token endpoint and expiring tokens', () => {
  it('the token endpoint is down when a token is needed: 503 with Retry-After, nothing made; back up, the same key makes one charge', async () => {
    const key = randomUUID();
    const before = { cobs: rig.sim.psp.cobs.count, rows: await rig.chargeRows() };
    await pspFaults(rig.sim, { tokenEndpointDown: true });
    const seen = rig.seen.length;
    const down = await rig.create({ amount: 4_200 }, key);
    expect([down.status, down.body.erro]).toEqual([503, 'INSTITUTION_UNAVAILABLE']);
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(seenSince(rig.seen, seen, cobPuts)).toBe(0);
    expect(seenSince(rig.seen, seen, tokenRequests)).toBeGreaterThan(0);
    // Readiness reports the PSP without leaving rotation for it (balances and reads still serve).
    const ready = await rest(rig.app, 'GET', '/health/ready');
    expect([ready.status, ready.body.checks.institution]).not.toEqual([200, 'ok']);
    expect(ready.status).toBe(200);
    expect(await rig.chargeRows()).toBe(before.rows);

    await pspFaults(rig.sim, { tokenEndpointDown: false });
    const up = await rig.create({ amount: 4_200 }, key);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(rig.sim.psp.cobs.count).toBe(before.cobs + 1);
    expect(await rig.chargeRows()).toBe(before.rows + 1);
    expect((await rest(rig.app, 'GET', '/health/ready')).body.checks.institution).toBe('ok');
  });

  it('every token revoked in the middle of a run of creates: all succeed, with one new token for the run', async () => {
    expect((await rig.create({ amount: 100 })).status).toBe(201); // a cached token to start from
    const before = { cobs: rig.sim.psp.cobs.count, seen: rig.seen.length };
    const firstPart = await run(10);
    expect((await control(rig.sim, 'PUT', '/_control/tokens', { expireAll: true })).status).toBe(200);
    // The rest of the run goes out at once: the first PUTs carry the revoked token and are refused
    // (401); their retries and the creates after them share one new token.
    const secondPart = await run(20);
    expect([...firstPart, ...secondPart].map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 201));
    expect(rig.sim.psp.cobs.count).toBe(before.cobs + 30);
    expect(seenSince(rig.seen, before.seen, (s) => cobPuts(s) && s.status === 401)).toBeGreaterThan(0);
    expect(seenSince(rig.seen, before.seen, tokenRequests)).toBe(1);
  });

  it('short-lived tokens expiring between waves of creates: one token request per expiry, not one per create', async () => {
    await control(rig.sim, 'PUT', '/_control/tokens', { ttlSeconds: 30, expireAll: true });
    const before = { cobs: rig.sim.psp.cobs.count, seen: rig.seen.length };
    const waves = 3;
    for (let w = 0; w < waves; w++) {
      const results = await run(10);
      expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
      // The PSP's clock passes the tokens' lifetime: the one PixPay holds is refused from now on.
      await control(rig.sim, 'POST', '/_control/clock', { advanceSeconds: 31 });
    }
    expect(rig.sim.psp.cobs.count).toBe(before.cobs + waves * 10);
    expect(seenSince(rig.seen, before.seen, tokenRequests)).toBe(waves);
  });

  it('the token endpoint goes down while the cached token is still good: creates go on', async () => {
    expect((await rig.create({ amount: 100 })).status).toBe(201);
    await pspFaults(rig.sim, { tokenEndpointDown: true });
    const results = await run(5);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    expect((await rest(rig.app, 'GET', '/health/ready')).body.checks.institution).toBe('ok');
    expect(await rig.unbalancedEntries()).toEqual([]);
  });
});

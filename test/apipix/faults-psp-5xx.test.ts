import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cobPuts, seenSince, type FaultRig, useFaultRig } from './fault-rig';
import { pspFaults, until } from './psp';

const rig = useFaultRig();

describe('fault: a burst of 5xx from the PSP', () => {
  it('opens the circuit: later creates fail fast without calling the PSP, and it closes again once the PSP answers', async () => {
    expect((await rig.create({ amount: 100 })).status).toBe(201); // a token and a closed circuit to start from
    const before = { cobs: rig.sim.psp.cobs.count, rows: await rig.chargeRows(), available: await rig.available() };
    await pspFaults(rig.sim, { failNext: -1, failStatus: 500, pathPattern: '^/cob/' });

    // One after another, until a create no longer reaches the PSP: the circuit is open.
    const keys: string[] = [];
    const body = (i: number) => ({ amount: 500 + i });
    let reachedBy = 0;
    for (let i = 0; i < 10; i++) {
      const seen = rig.seen.length;
      keys.push(randomUUID());
      const res = await rig.create(body(i), keys[i]);
      expect([res.status, res.body.erro]).toEqual([503, 'INSTITUTION_UNAVAILABLE']);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      if (seenSince(rig.seen, seen, cobPuts) === 0) break;
      reachedBy = i + 1;
    }
    expect(reachedBy).toBeGreaterThan(0);
    expect(reachedBy).toBeLessThan(10);
    const putsWhileOpen = rig.seen.filter(cobPuts).length;
    // While it is open, a burst of creates costs the PSP nothing.
    const open = await Promise.all(Array.from({ length: 8 }, (_, i) => rig.create(body(100 + i))));
    expect(open.map((r) => r.status)).toEqual(open.map(() => 503));
    expect(open.every((r) => Number(r.headers.get('retry-after')) > 0)).toBe(true);
    expect(rig.seen.filter(cobPuts).length).toBe(putsWhileOpen);
    expect(rig.sim.psp.cobs.count).toBe(before.cobs);
    expect(await rig.chargeRows()).toBe(before.rows);

    // The PSP recovers; once the circuit lets a trial call through, it closes and creates flow again.
    await rig.clearFaults();
    let first: Awaited<ReturnType<FaultRig['create']>> | undefined;
    await until(async () => (first = await rig.create(body(0), keys[0])).status === 201, 'the circuit to close', 30_000, 250);
    const again = await Promise.all(keys.slice(1).map((k, i) => rig.create(body(i + 1), k)));
    expect(again.map((r) => r.status)).toEqual(again.map(() => 201));
    const seen = rig.seen.length;
    expect((await rig.create({ amount: 999 })).status).toBe(201);
    expect(seenSince(rig.seen, seen, cobPuts)).toBe(1);
    expect(rig.sim.psp.cobs.count).toBe(before.cobs + keys.length + 1);
    expect(await rig.chargeRows()).toBe(before.rows + keys.length + 1);
    expect(first!.body.data.providerReference).not.toBe(again[0]!.body.data.providerReference);
    expect(await rig.available()).toBe(before.available);
    expect(await rig.unbalancedEntries()).toEqual([]);
  });
});

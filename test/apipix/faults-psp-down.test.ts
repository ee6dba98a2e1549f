import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reais } from '../../src/infra/apipix/cob-transformers';
import { type FaultRig, useFaultRig } from './fault-rig';
import { pspFaults, until } from './psp';

const rig = useFaultRig();

describe('fault: the PSP is down during a burst of creates', () => {
  it('every create is 503 with Retry-After and makes nothing; once the PSP is back the same keys make one charge and one cob each', async () => {
    const before = { cobs: rig.sim.psp.cobs.count, rows: await rig.chargeRows(), available: await rig.available() };
    const burst = Array.from({ length: 12 }, (_, i) => ({ key: randomUUID(), body: { amount: 1_000 + i, description: `Pedido ${i}` } }));
    await pspFaults(rig.sim, { failNext: -1, failStatus: 503, pathPattern: '^/cob/' });
    const down = await Promise.all(burst.map((r) => rig.create(r.body, r.key)));
    for (const res of down) {
      expect([res.status, res.body.erro]).toEqual([503, 'INSTITUTION_UNAVAILABLE']);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(rig.sim.psp.cobs.count).toBe(before.cobs);
    expect(await rig.chargeRows()).toBe(before.rows);

    await pspFaults(rig.sim, { failNext: 0, pathPattern: null });
    // The burst opened the circuit: the first retry succeeds once it lets a call through again.
    let first: Awaited<ReturnType<FaultRig['create']>> | undefined;
    await until(async () => (first = await rig.create(burst[0]!.body, burst[0]!.key)).status === 201, 'the PSP to be called again', 30_000, 250);
    const retried = [first!, ...(await Promise.all(burst.slice(1).map((r) => rig.create(r.body, r.key))))];
    expect(retried.map((r) => r.status)).toEqual(burst.map(() => 201));
    expect(new Set(retried.map((r) => r.body.data.id)).size).toBe(burst.length);
    expect(rig.sim.psp.cobs.count).toBe(before.cobs + burst.length);
    expect(await rig.chargeRows()).toBe(before.rows + burst.length);
    for (const [i, r] of retried.entries()) {
      const cob = rig.sim.psp.cobs.get(r.body.data.providerReference)!;
      expect(rig.sim.psp.cobs.toJson(cob)).toMatchObject({ status: 'ATIVA', valor: { original: reais(burst[i]!.body.amount) } });
    }
    // A third try of a key is the stored answer: no new cob, no new charge.
    const cobs = rig.sim.psp.cobs.count;
    const replay = await rig.create(burst[3]!.body, burst[3]!.key);
    expect([replay.status, replay.headers.get('idempotent-replayed'), replay.body.data.id]).toEqual([201, 'true', retried[3]!.body.data.id]);
    expect(rig.sim.psp.cobs.count).toBe(cobs);
    expect(await rig.available()).toBe(before.available);
    expect(await rig.unbalancedEntries()).toEqual([]);
  });

});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type FaultRig, useFaultRig } from './fault-rig';
import { pspFaults, until } from './psp';

const rig = useFaultRig({
  env: { APIPIX_TIMEOUT_MS: '1500' },
  // A token and a connection to the PSP first: the deadline then measures the PSP alone.
  ready: async (r) => expect((await r.create({ amount: 100 })).status).toBe(201),
});

describe('fault: the PSP answers after APIPIX_TIMEOUT_MS', () => {
  it('the PSP made the cob but answered too late: 503, nothing stored; the retry with the same key reuses the txid (one cob, one charge)', async () => {
    const key = randomUUID();
    const body = { amount: 7_777, description: 'devagar' };
    const before = { cobs: rig.sim.psp.cobs.count, rows: await rig.chargeRows(), available: await rig.available() };
    // The work is done at once, the answer is held past our deadline (the create's PUT is tried twice).
    await pspFaults(rig.sim, { answerDelayMs: 3_000, pathPattern: '^/cob/' });
    const late = await rig.create(body, key);
    expect([late.status, late.body.erro]).toEqual([503, 'INSTITUTION_UNAVAILABLE']);
    expect(Number(late.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rig.chargeRows()).toBe(before.rows);
    expect(rig.sim.psp.cobs.count).toBe(before.cobs + 1);
    const [orphan] = [...rig.sim.psp.cobs.all()].slice(-1);
    await rig.clearFaults();
    const retried = await rig.create(body, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(retried.body.data.providerReference).toBe(orphan!.txid);
    expect(retried.body.data.pix.copyPaste).toBe(rig.sim.psp.cobs.toJson(orphan!).pixCopiaECola);
    expect(rig.sim.psp.cobs.count).toBe(before.cobs + 1);
    expect(await rig.chargeRows()).toBe(before.rows + 1);
    expect(await rig.available()).toBe(before.available);
    expect(await rig.unbalancedEntries()).toEqual([]);
  });

  it('the PSP is slow before it does the work: concurrent creates all 503, their retries make exactly one cob each', async () => {
    const requests = Array.from({ length: 4 }, (_, i) => ({ key: randomUUID(), body: { amount: 300 + i } }));
    const before = { cobs: rig.sim.psp.cobs.count, rows: await rig.chargeRows() };
    await pspFaults(rig.sim, { latencyMs: 3_000, pathPattern: '^/cob/' });
    const late = await Promise.all(requests.map((r) => rig.create(r.body, r.key)));
    expect(late.map((r) => r.status)).toEqual(requests.map(() => 503));
    expect(await rig.chargeRows()).toBe(before.rows);
    // Each PUT is handled after our deadline; both attempts of a request land on its one txid.
    await until(() => rig.sim.psp.cobs.count === before.cobs + requests.length, 'the late PUTs to be handled');

    await rig.clearFaults();
    // Two slow creates in a row may have opened the circuit: retry until it lets calls through.
    const retried = await Promise.all(
      requests.map(async (r) => {
        let res: Awaited<ReturnType<FaultRig['create']>> | undefined;
        await until(async () => (res = await rig.create(r.body, r.key)).status === 201, 'the retry to be taken', 30_000, 250);
        return res!;
      }),
    );
    expect(new Set(retried.map((r) => r.body.data.providerReference)).size).toBe(requests.length);
    for (const r of retried) expect(rig.sim.psp.cobs.get(r.body.data.providerReference)).toBeDefined();
    expect(rig.sim.psp.cobs.count).toBe(before.cobs + requests.length);
    expect(await rig.chargeRows()).toBe(before.rows + requests.length);
    expect(await rig.unbalancedEntries()).toEqual([]);
  });
});

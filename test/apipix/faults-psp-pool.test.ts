import { describe, expect, it } from 'vitest';
import { useFaultRig } from './fault-rig';
import { pspFaults, until } from './psp';

/** A small pool, so that a create holding a connection while the PSP answers would show. */
const POOL = 3;
const CREATES = 4 * POOL;

const rig = useFaultRig({ env: { APIPIX_TIMEOUT_MS: '6000', DATABASE_POOL_SIZE: String(POOL) } });

describe('fault: a slow PSP does not take the database pool with it', () => {
  it('while the PSP takes its time no create holds a connection: more creates wait on the PSP at once than the pool has connections', async () => {
    expect((await rig.create({ amount: 100 })).status).toBe(201); // a token to start from
    const before = { cobs: rig.sim.psp.cobs.count, rows: await rig.chargeRows() };
    await pspFaults(rig.sim, { latencyMs: 2_000, pathPattern: '^/cob/' });
    const creates = Promise.all(Array.from({ length: CREATES }, (_, i) => rig.create({ amount: 900 + i })));
    // Each create claims its key (a connection, briefly) before the PSP call and stores the charge after it.
    await until(() => rig.sim.inFlight() > POOL, `more than ${POOL} PUT /cob at the PSP at once`);
    expect((await creates).map((r) => r.status)).toEqual(Array.from({ length: CREATES }, () => 201));
    expect(rig.sim.psp.cobs.count).toBe(before.cobs + CREATES);
    expect(await rig.chargeRows()).toBe(before.rows + CREATES);
    expect(await rig.unbalancedEntries()).toEqual([]);
  });
});

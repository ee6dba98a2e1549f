import { describe, expect, it } from 'vitest';
import { useFaultRig } from './fault-rig';
import { pspFaults, until } from './psp';
import { metricSample } from '../support/metrics-text';

/** A small pool, so that a create holding a connection while the PSP answers would show. */
const POOL = 3;
const CREATES = 4 * POOL;

const METRICS_TOKEN = 'pool-metrics-token-0123456789';

const rig = useFaultRig({ env: { APIPIX_TIMEOUT_MS: '10000', DATABASE_POOL_SIZE: String(POOL), METRICS_TOKEN } });

/** The service's main pool as its GET /metrics tells it. */
async function pool(): Promise<{ inUse: number; waiting: number }> {
  const text = await (await fetch(`${rig.app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return { inUse: metricSample(text, 'pixpay_db_pool_connections{state="in_use"}')!, waiting: metricSample(text, 'pixpay_db_pool_waiting_requests')! };
}

describe('fault: a slow PSP does not take the database pool with it', () => {
  it('while the PSP takes its time no create holds a connection: more creates wait on the PSP at once than the pool has connections, and the pool is idle meanwhile', async () => {
    expect((await rig.create({ amount: 100 })).status).toBe(201); // a token to start from
    const before = { cobs: rig.sim.psp.cobs.count, rows: await rig.chargeRows() };
    await pspFaults(rig.sim, { latencyMs: 5_000, pathPattern: '^/cob/' });
    const creates = Promise.all(Array.from({ length: CREATES }, (_, i) => rig.create({ amount: 900 + i })));
    // Each create claims its key (a connection, briefly) before the PSP call and stores the charge after it.
    await until(() => rig.sim.inFlight() === CREATES, `all ${CREATES} PUT /cob at the PSP at once`);
    // Every create is waiting on the PSP now: none holds a connection, none waits for one
    // (those in use are at most the scrape's own two reads: the backlog and the reconciliation lag).
    const meanwhile = await pool();
    expect(rig.sim.inFlight()).toBe(CREATES);
    expect(meanwhile.inUse).toBeLessThanOrEqual(2);
    expect(meanwhile.waiting).toBe(0);
    expect((await creates).map((r) => r.status)).toEqual(Array.from({ length: CREATES }, () => 201));
    expect(rig.sim.psp.cobs.count).toBe(before.cobs + CREATES);
    expect(await rig.chargeRows()).toBe(before.rows + CREATES);
    expect(await rig.unbalancedEntries()).toEqual([]);
  });
});

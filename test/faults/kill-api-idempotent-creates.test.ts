import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardSeller } from '../support/app';
import { ContractDrift, contractFetch } from '../support/contract';
import { createMigratedTestDatabase } from '../support/database';
import { ServiceProcess } from './support/service-process';

/** kill -9 an api instance while clients create charges concurrently, then retry every create elsewhere. */
const CREATES = 120;
const CONCURRENCY = 16;

let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
const procs: ServiceProcess[] = [];

beforeAll(async () => {
  db = await createMigratedTestDatabase();
});
afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  await db?.drop();
}, 60_000);

type Answer = { status: number; id?: string; replayed: boolean; retryAfter: number } | { error: string };

async function create(url: string, apiKey: string, key: string, amount: number): Promise<Answer> {
  try {
    const res = await contractFetch(`${url}/api/v1/cobranca/transactions`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ amount, description: `kill ${key}` }),
    });
    const body = (await res.json()) as { data?: { id: string } };
    return { status: res.status, id: body.data?.id, replayed: res.headers.get('idempotent-replayed') === 'true', retryAfter: Number(res.headers.get('retry-after') ?? 0) };
  } catch (e) {
    if (e instanceof ContractDrift) throw e;
    return { error: String((e as Error).cause ?? e) };
  }
}

describe('kill -9 of an api instance during concurrent idempotent creates', () => {
  it('retrying every create on another instance leaves exactly one charge per key', async () => {
    const api1 = await ServiceProcess.start('api-1', { ROLE: 'api', DATABASE_URL: db.url });
    procs.push(api1);
    const seller = await onboardSeller(api1);

    const first: Answer[] = new Array(CREATES);
    let next = 0;
    let answered = 0;
    const client = async () => {
      while (next < CREATES) {
        const i = next++;
        first[i] = await create(api1.url, seller.apiKey, `kill-${i}`, 1000 + i);
        if ('status' in first[i]!) answered++;
        if (answered === CREATES / 4) void api1.kill();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    await api1.exited;

    const api2 = await ServiceProcess.start('api-2', { ROLE: 'api', DATABASE_URL: db.url });
    procs.push(api2);
    const final: Answer[] = await Promise.all(
      first.map(async (_a, i) => {
        const deadline = Date.now() + 90_000;
        for (;;) {
          const a = await create(api2.url, seller.apiKey, `kill-${i}`, 1000 + i);
          // A create that died mid-way holds its key for the 30 s lease: the documented answer is 409 with Retry-After.
          if ('status' in a && a.status === 409 && Date.now() < deadline) {
            await new Promise((r) => setTimeout(r, a.retryAfter * 1000));
            continue;
          }
          return a;
        }
      }),
    );
    for (const [i, a] of final.entries()) {
      expect(a, `kill-${i}`).toMatchObject({ status: 201 });
      const before = first[i]!;
      if ('status' in before && before.status === 201) expect(a).toMatchObject({ replayed: true, id: before.id });
    }
    const list = await contractFetch(`${api2.url}/api/v1/cobranca/transactions?limit=500`, { headers: { 'x-api-key': seller.apiKey } });
    const items = ((await list.json()) as { data: { items: { id: string; amount: number }[]; total: number } }).data;
    const ids = new Set(final.map((a) => ('id' in a ? a.id : undefined)));
    const amounts = items.items.map((t) => t.amount).sort((a, b) => a - b);
    const answeredFirst = first.filter((a) => 'status' in a && a.status === 201).length;
    console.log(
      `fault kill-api: expected ${CREATES}, answered before the kill ${answeredFirst}, failed by the kill ${CREATES - answeredFirst}, ` +
        `charges after retries ${items.total}, duplicated ${items.total - ids.size}, lost ${CREATES - ids.size}`,
    );
    expect(items.total).toBe(CREATES);
    expect(ids.size).toBe(CREATES);
    expect(amounts).toEqual(Array.from({ length: CREATES }, (_v, i) => 1000 + i));
  }, 240_000);
});

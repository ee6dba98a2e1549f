import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../src/domain/idempotency/fingerprint';
import { IdempotencyService, type IdempotentRun } from '../../src/domain/idempotency/idempotency.service';
import { ManualClock } from '../../src/domain/shared/clock';
import { DomainError } from '../../src/domain/shared/errors';
import { Sql } from '../../src/infra/db/sql';
import { PgUnitOfWork } from '../../src/infra/db/unit-of-work';
import { pgConnections } from '../../src/infra/db/pg-connections';
import { PgIdempotencyStore } from '../../src/infra/idempotency/pg-idempotency-store';
import type { Orm } from '../../src/infra/db/orm';
import { openTestOrm } from '../support/orm';

// The same guarantees as the ordinary claim (idempotency.test.ts), with the claim
// travelling in the operation's own transaction instead of a statement before it.
let db: { orm: Orm; close(): Promise<void> };
let store: PgIdempotencyStore;
let uow: PgUnitOfWork;
let sql: Sql;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
let service: IdempotencyService;

beforeAll(async () => {
  db = await openTestOrm(25);
  sql = new Sql(pgConnections(db.orm));
  store = new PgIdempotencyStore(sql);
  uow = new PgUnitOfWork(pgConnections(db.orm));
  service = new IdempotencyService(store, clock);
  await sql.query('create table things (id text primary key, body jsonb)');
});
afterAll(async () => {
  await db?.close();
});

let n = 0;
const keyRows = (key: string) => sql.query<{ resource_id: string | null }>('select resource_id from idempotency_keys where key = ?', [key]);
const count = async () => Number((await sql.one<{ c: string }>('select count(*) c from things'))!.c);

/** A create like the charge's: its writes and the key's record are deferred to the commit. */
function request(key: string, body: unknown, o: { seller?: string; beforeTx?: () => Promise<void> } = {}) {
  return {
    sellerId: o.seller ?? 'seller-1',
    operation: 'transactions.create' as const,
    key,
    body,
    claimAtCommit: true,
    execute: async (run: IdempotentRun) => {
      await o.beforeTx?.();
      const id = `thing-${n++}`;
      const answer = { status: 201, body: { id } };
      await uow.run(async (tx) => {
        await sql.query('insert into things (id, body) values (?, ?)', [id, JSON.stringify(body)], tx);
        await run.record(tx, id, answer);
      });
      return answer;
    },
  };
}

describe('an Idempotency-Key claimed by the create commit', () => {
  it('holds no key before the create transaction; the key, its resource and the answer appear together', async () => {
    let seenBefore: unknown[] | undefined;
    const r = await service.run(request('c-fresh', { amount: 1 }, { beforeTx: async () => void (seenBefore = await keyRows('c-fresh')) }));
    expect(seenBefore).toEqual([]);
    expect(r.replayed).toBe(false);
    expect(await keyRows('c-fresh')).toEqual([{ resource_id: (r.body as { id: string }).id }]);
  });

  it('same key and body: the stored answer with its status, and the second run created nothing', async () => {
    const first = await service.run(request('c-same', { amount: 2 }));
    const before = await count();
    const again = await service.run(request('c-same', { amount: 2 }));
    expect(again).toEqual({ status: 201, body: first.body, replayed: true });
    expect(await count()).toBe(before);
  });

  it('same key, another body: 422 conflict, nothing created', async () => {
    await service.run(request('c-conflict', { amount: 3 }));
    const before = await count();
    await expect(service.run(request('c-conflict', { amount: 4 }))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_CONFLICT', kind: 'UNPROCESSABLE' });
    expect(await count()).toBe(before);
  });

  it('a replay answers the stored answer even when running the request again would now fail', async () => {
    const first = await service.run(request('c-later-refused', { amount: 5 }));
    const refusedNow = {
      ...request('c-later-refused', { amount: 5 }),
      execute: async () => {
        throw new DomainError('SELLER_NOT_APPROVED', 'blocked since', 'FORBIDDEN');
      },
    };
    expect(await service.run(refusedNow)).toEqual({ ...first, replayed: true });
  });

  it('an original still holding an ordinary claim (its lease running) makes the request 409 in flight, creating nothing', async () => {
    const body = { amount: 6 };
    const held = await store.claim({ sellerId: 'seller-1', operation: 'transactions.create', key: 'c-held', fingerprint: requestFingerprint('transactions.create', body), now: clock.now(), leaseMs: 30_000, retentionMs: 86_400_000 });
    expect(held.state).toBe('ACQUIRED');
    const before = await count();
    await expect(service.run(request('c-held', body))).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_FLIGHT', kind: 'CONFLICT' });
    await expect(service.run(request('c-held', { amount: 60 }))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_CONFLICT' });
    expect(await count()).toBe(before);
  });

  it('after a dead holder lease a retry takes over and the late holder can no longer commit: one resource', async () => {
    const body = { amount: 7 };
    const fingerprint = requestFingerprint('transactions.create', body);
    const dead = await store.claim({ sellerId: 'seller-1', operation: 'transactions.create', key: 'c-dead', fingerprint, now: clock.now(), leaseMs: 30_000, retentionMs: 86_400_000 });
    await expect(service.run(request('c-dead', body))).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_FLIGHT' });
    clock.advance(31_000);
    const before = await count();
    const retry = await service.run(request('c-dead', body));
    expect(retry.replayed).toBe(false);
    expect(await count()).toBe(before + 1);
    const late = await uow.run((tx) => store.record(tx, (dead as { claimId: string }).claimId, 'late', { status: 201, body: {} })).then(() => null, (e: unknown) => e);
    expect(store.claimLost(late)).toBe(true);
    expect(await service.run(request('c-dead', body))).toEqual({ ...retry, replayed: true });
  });

  it('20 concurrent requests with one key create exactly one resource; the others replay it or are told it is in flight', async () => {
    const before = await count();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => service.run(request('c-race', { amount: 8 }))));
    expect((await count()) - before).toBe(1);
    const fresh = results.filter((r) => r.status === 'fulfilled' && !r.value.replayed);
    expect(fresh).toHaveLength(1);
    const created = (fresh[0] as PromiseFulfilledResult<{ body: unknown }>).value.body;
    for (const r of results) {
      if (r.status === 'fulfilled') expect(r.value.body).toEqual(created);
      else expect(r.reason).toMatchObject({ code: 'IDEMPOTENCY_IN_FLIGHT' });
    }
  });

  it('a failure leaves the key free: nothing was held, and a corrected retry runs', async () => {
    const failing = {
      ...request('c-fail', { amount: 9 }),
      execute: async (run: IdempotentRun) => {
        await uow.run(async (tx) => {
          await run.record(tx, 'never', { status: 201, body: {} });
          throw new DomainError('INVALID_AMOUNT', 'no', 'VALIDATION');
        });
        return { status: 201, body: {} };
      },
    };
    await expect(service.run(failing)).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    expect(await keyRows('c-fail')).toEqual([]);
    expect((await service.run(request('c-fail', { amount: 9 }))).replayed).toBe(false);
  });
});

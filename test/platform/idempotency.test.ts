import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../src/domain/idempotency/fingerprint';
import { IdempotencyService } from '../../src/domain/idempotency/idempotency.service';
import { type Answer, idempotentCommand, type View } from '../../src/domain/idempotency/idempotent-command';
import { ManualClock } from '../../src/domain/shared/clock';
import { DomainError } from '../../src/domain/shared/errors';
import { Sql } from '../../src/infra/db/sql';
import { PgUnitOfWork } from '../../src/infra/db/unit-of-work';
import { pgConnections } from '../../src/infra/db/pg-connections';
import { PgIdempotencyStore } from '../../src/infra/idempotency/pg-idempotency-store';
import { CLAIM_STATEMENTS_IN_FLIGHT } from '../../src/infra/idempotency/claim-batches';
import { databaseCalls } from '../support/database-calls';
import type { Orm } from '../../src/infra/db/orm';
import { openTestOrm } from '../support/orm';

let db: { orm: Orm; url: string; close(): Promise<void> };
let store: PgIdempotencyStore;
let uow: PgUnitOfWork;
let sql: Sql;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
let service: { run(r: FakeCreate): Promise<{ view: View; replayed: boolean }>; purgeExpired(batchSize?: number): Promise<number> };

beforeAll(async () => {
  db = await openTestOrm(25);
  sql = new Sql(pgConnections(db.orm));
  store = new PgIdempotencyStore(sql);
  uow = new PgUnitOfWork(pgConnections(db.orm));
  const idempotency = new IdempotencyService(store, clock);
  service = {
    run: idempotentCommand<FakeCreate, View>(
      idempotency,
      { operation: 'transactions.create', storedStatus: 201, identity: (r) => r.body, claimsAtCommit: (r) => r.claimAtCommit ?? false },
      (r, answer) => r.execute(answer),
    ),
    purgeExpired: (batchSize) => idempotency.purgeExpired(batchSize),
  };
  await sql.query('create table things (id text primary key, body jsonb)');
});
afterAll(async () => {
  await db?.close();
});

/** A fake create request: `execute` stands for the command's own steps. */
interface FakeCreate {
  seller: { id: string };
  idempotencyKey: unknown;
  body: unknown;
  claimAtCommit?: boolean;
  execute(answer: Answer<View>): Promise<View>;
}

let n = 0;
/** A fake create operation: inserts a row and records it in the same transaction, like a real use case. */
function request(key: string, body: unknown, seller = 'seller-1', o: { claimAtCommit?: boolean; beforeTx?: () => Promise<void> } = {}): FakeCreate {
  return {
    seller: { id: seller },
    idempotencyKey: key,
    body,
    claimAtCommit: o.claimAtCommit,
    execute: async (answer) => {
      await o.beforeTx?.();
      const id = `thing-${n++}`;
      await uow.run(async (tx) => {
        await sql.query('insert into things (id, body) values (?, ?)', [id, JSON.stringify(body)], tx);
        await answer.record(tx, id, { id });
      });
      return { id };
    },
  };
}
const count = async () => Number((await sql.one<{ c: string }>('select count(*) c from things'))!.c);

describe('idempotency on real PostgreSQL', () => {
  it('same key and body: one resource, the same answer replayed', async () => {
    const first = await service.run(request('k-same', { amount: 100 }));
    const again = await service.run(request('k-same', { amount: 100 }));
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ view: first.view, replayed: true });
  });

  it('key order in the body does not matter; another body is a 422 conflict', async () => {
    await service.run(request('k-order', { a: 1, b: { c: 2, d: 3 } }));
    const same = await service.run(request('k-order', { b: { d: 3, c: 2 }, a: 1 }));
    expect(same.replayed).toBe(true);
    await expect(service.run(request('k-order', { a: 2 }))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_CONFLICT', kind: 'UNPROCESSABLE' });
  });

  it('keys are scoped per seller', async () => {
    const a = await service.run(request('k-scope', { x: 1 }, 'seller-a'));
    const b = await service.run(request('k-scope', { x: 1 }, 'seller-b'));
    expect(a.view).not.toEqual(b.view);
  });

  it('20 concurrent requests with one key create exactly one resource; the rest are in flight or replays', async () => {
    const before = await count();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => service.run(request('k-race', { amount: 5 }))));
    expect((await count()) - before).toBe(1);
    const fresh = results.filter((r) => r.status === 'fulfilled' && !r.value.replayed);
    expect(fresh).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'IDEMPOTENCY_IN_FLIGHT' });
    }
  });

  it('claims made at once share statements (at most a few on their way), each answered for its own key', async () => {
    const keys = Array.from({ length: 60 }, (_, i) => `k-batch-${i}`);
    const before = await count();
    const calls = await databaseCalls(db.url, () => Promise.all(keys.map((k) => service.run(request(k, { amount: 7 })))));
    expect((await count()) - before).toBe(60);
    const claimStatements = calls.filter((c) => /insert into idempotency_keys/.test(c));
    expect(claimStatements.length).toBeGreaterThan(0);
    expect(claimStatements.length).toBeLessThanOrEqual(2 * CLAIM_STATEMENTS_IN_FLIGHT);
    const rows = await sql.query<{ key: string; n: string }>(`select key, count(*) n from idempotency_keys where key like 'k-batch-%' and response_status = 201 group by key`);
    expect(rows.map((r) => [r.key, Number(r.n)]).sort()).toEqual(keys.map((k) => [k, 1]).sort());
    // One key claimed by eight at once (some in one statement): one holds it, the others meet it.
    const claim = () => store.claim({ sellerId: 'seller-1', operation: 'transactions.create', key: 'k-batch-twice', fingerprint: 'f', now: clock.now(), leaseMs: 60_000, retentionMs: 3_600_000 });
    const both = await Promise.all(Array.from({ length: 8 }, claim));
    expect(both.map((c) => c.state).sort()).toEqual(['ACQUIRED', ...Array<string>(7).fill('IN_FLIGHT')]);
  });

  it('a holder that died before committing leaves a lease; after it a retry runs', async () => {
    const claim = async () => store.claim({ sellerId: 's', operation: 'transactions.create', key: 'k-dead', fingerprint: 'f', now: clock.now(), leaseMs: 30_000, retentionMs: 86_400_000 });
    const first = await claim();
    expect(first.state).toBe('ACQUIRED');
    expect((await claim()).state).toBe('IN_FLIGHT');
    clock.advance(31_000);
    const retry = await claim();
    expect(retry.state).toBe('ACQUIRED');
    // The presumed-dead holder wakes up: it may not record a resource any more, so its transaction rolls back.
    const late = uow.run((tx) => store.record(tx, (first as { claimId: string }).claimId, 'late', { status: 201, body: {} }));
    const lateError = await late.then(() => null, (e: unknown) => e);
    expect(store.claimLost(lateError)).toBe(true);
    await uow.run((tx) => store.record(tx, (retry as { claimId: string }).claimId, 'on-time', { status: 201, body: { id: 'on-time' } }));
    expect(await claim()).toEqual({ state: 'DONE', response: { status: 201, body: { id: 'on-time' } } });
  });

  it('an original that outlives its lease loses to the retry that took over: its writes roll back, one resource in all', async () => {
    const before = await count();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const slow = {
      ...request('k-slow', { amount: 9 }),
      execute: async (answer: Answer<View>) => {
        started();
        await gate; // stuck (a long GC pause, a hung dependency) past the 30 s lease
        await uow.run(async (tx) => {
          await sql.query('insert into things (id, body) values (?, ?)', ['slow-original', '{}'], tx);
          await answer.record(tx, 'slow-original', { id: 'slow-original' });
        });
        return { id: 'slow-original' };
      },
    };
    const original = service.run(slow);
    await running;
    clock.advance(31_000);
    const retry = await service.run(request('k-slow', { amount: 9 }));
    expect(retry.replayed).toBe(false);
    release();
    await expect(original).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_FLIGHT', kind: 'CONFLICT' });
    expect(await count()).toBe(before + 1);
    expect(await sql.query('select 1 from things where id = ?', ['slow-original'])).toHaveLength(0);
    expect(await service.run(request('k-slow', { amount: 9 }))).toEqual({ ...retry, replayed: true });
  });

  it('the answer is stored in the operation transaction: a rollback stores nothing and frees the key', async () => {
    const failing = {
      ...request('k-rollback', { amount: 2 }),
      execute: async (answer: Answer<View>) => {
        await uow.run(async (tx) => {
          await answer.record(tx, 'never', {});
          throw new Error('business rule failed after recording');
        });
        return {};
      },
    };
    await expect(service.run(failing)).rejects.toThrow('business rule failed after recording');
    expect((await service.run(request('k-rollback', { amount: 2 }))).replayed).toBe(false);
  });

  it('an operation that forgets to record is a programming error, not a silent non-idempotent create', async () => {
    const forgetful = { ...request('k-forgot', {}), execute: async () => ({}) };
    await expect(service.run(forgetful)).rejects.toThrow(/did not record/);
  });

  it('a failure frees the key for a corrected retry', async () => {
    const failing = { ...request('k-fail', { amount: 1 }), execute: async () => { throw new DomainError('INSUFFICIENT_BALANCE', 'no', 'UNPROCESSABLE'); } };
    await expect(service.run(failing)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect((await service.run(request('k-fail', { amount: 1 }))).replayed).toBe(false);
  });

  it('rejects missing, empty and over-long keys', async () => {
    await expect(service.run(request(undefined as unknown as string, {}))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED', kind: 'VALIDATION' });
    await expect(service.run(request('', {}))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    await expect(service.run(request('x'.repeat(129), {}))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_TOO_LONG' });
    expect((await service.run(request('x'.repeat(128), {}))).replayed).toBe(false);
  });

  it('one purge pass clears a backlog larger than its batch', async () => {
    await sql.query(
      `insert into idempotency_keys (id, seller_id, operation, key, fingerprint, owner, locked_until, created_at, expires_at)
       select 'backlog-' || i, 'seller-backlog', 'transactions.create', 'k-' || i, 'f', 'o', ?, ?, ?
       from generate_series(1, 2500) i`,
      [clock.now(), clock.now(), new Date(clock.now().getTime() - 1)],
    );
    expect(await service.purgeExpired(1_000)).toBeGreaterThanOrEqual(2_500);
    expect(await sql.query(`select 1 from idempotency_keys where seller_id = 'seller-backlog'`)).toHaveLength(0);
  });

  it('keys expire after their retention and are purged', async () => {
    await service.run(request('k-expire', { v: 1 }));
    clock.advance(24 * 3_600_000 + 1);
    expect(await service.purgeExpired()).toBeGreaterThan(0);
    expect((await service.run(request('k-expire', { v: 2 }))).replayed).toBe(false);
  });
});

// The same guarantees with the claim travelling in the operation's own transaction
// instead of a statement before it (claimAtCommit, PIX charge creation).
const keyRows = (key: string) => sql.query<{ resource_id: string | null }>('select resource_id from idempotency_keys where key = ?', [key]);

/** A create like the charge's: the key is claimed by its commit. */
const claimingAtCommit = (key: string, body: unknown, o: { beforeTx?: () => Promise<void> } = {}) => request(key, body, 'seller-1', { ...o, claimAtCommit: true });

describe('an Idempotency-Key claimed by the create commit', () => {
  it('holds no key before the create transaction; the key, its resource and the answer appear together', async () => {
    let seenBefore: unknown[] | undefined;
    const r = await service.run(claimingAtCommit('c-fresh', { amount: 1 }, { beforeTx: async () => void (seenBefore = await keyRows('c-fresh')) }));
    expect(seenBefore).toEqual([]);
    expect(r.replayed).toBe(false);
    expect(await keyRows('c-fresh')).toEqual([{ resource_id: r.view.id }]);
  });

  it('same key and body: the stored answer with its status, and the second run created nothing', async () => {
    const first = await service.run(claimingAtCommit('c-same', { amount: 2 }));
    const before = await count();
    const again = await service.run(claimingAtCommit('c-same', { amount: 2 }));
    expect(again).toEqual({ view: first.view, replayed: true });
    expect(await count()).toBe(before);
  });

  it('same key, another body: 422 conflict, nothing created', async () => {
    await service.run(claimingAtCommit('c-conflict', { amount: 3 }));
    const before = await count();
    await expect(service.run(claimingAtCommit('c-conflict', { amount: 4 }))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_CONFLICT', kind: 'UNPROCESSABLE' });
    expect(await count()).toBe(before);
  });

  it('a replay answers the stored answer even when running the request again would now fail', async () => {
    const first = await service.run(claimingAtCommit('c-later-refused', { amount: 5 }));
    const refusedNow = {
      ...claimingAtCommit('c-later-refused', { amount: 5 }),
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
    await expect(service.run(claimingAtCommit('c-held', body))).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_FLIGHT', kind: 'CONFLICT' });
    await expect(service.run(claimingAtCommit('c-held', { amount: 60 }))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_CONFLICT' });
    expect(await count()).toBe(before);
  });

  it('after a dead holder lease a retry takes over and the late holder can no longer commit: one resource', async () => {
    const body = { amount: 7 };
    const fingerprint = requestFingerprint('transactions.create', body);
    const dead = await store.claim({ sellerId: 'seller-1', operation: 'transactions.create', key: 'c-dead', fingerprint, now: clock.now(), leaseMs: 30_000, retentionMs: 86_400_000 });
    await expect(service.run(claimingAtCommit('c-dead', body))).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_FLIGHT' });
    clock.advance(31_000);
    const before = await count();
    const retry = await service.run(claimingAtCommit('c-dead', body));
    expect(retry.replayed).toBe(false);
    expect(await count()).toBe(before + 1);
    const late = await uow.run((tx) => store.record(tx, (dead as { claimId: string }).claimId, 'late', { status: 201, body: {} })).then(() => null, (e: unknown) => e);
    expect(store.claimLost(late)).toBe(true);
    expect(await service.run(claimingAtCommit('c-dead', body))).toEqual({ ...retry, replayed: true });
  });

  it('20 concurrent requests with one key create exactly one resource; the others replay it or are told it is in flight', async () => {
    const before = await count();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => service.run(claimingAtCommit('c-race', { amount: 8 }))));
    expect((await count()) - before).toBe(1);
    const fresh = results.filter((r) => r.status === 'fulfilled' && !r.value.replayed);
    expect(fresh).toHaveLength(1);
    const created = (fresh[0] as PromiseFulfilledResult<{ view: View }>).value.view;
    for (const r of results) {
      if (r.status === 'fulfilled') expect(r.value.view).toEqual(created);
      else expect(r.reason).toMatchObject({ code: 'IDEMPOTENCY_IN_FLIGHT' });
    }
  });

  it('a failure leaves the key free: nothing was held, and a corrected retry runs', async () => {
    const failing = {
      ...claimingAtCommit('c-fail', { amount: 9 }),
      execute: async (answer: Answer<View>) => {
        await uow.run(async (tx) => {
          await answer.record(tx, 'never', {});
          throw new DomainError('INVALID_AMOUNT', 'no', 'VALIDATION');
        });
        return {};
      },
    };
    await expect(service.run(failing)).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    expect(await keyRows('c-fail')).toEqual([]);
    expect((await service.run(claimingAtCommit('c-fail', { amount: 9 }))).replayed).toBe(false);
  });
});

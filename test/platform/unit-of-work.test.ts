import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedPostgres } from '../../src/infra/db/embedded-postgres';
import { openOrm, type Orm } from '../../src/infra/db/orm';
import { pgConnections, type PgClient } from '../../src/infra/db/pg-connections';
import { Sql } from '../../src/infra/db/sql';
import { PgUnitOfWork, sqlTx } from '../../src/infra/db/unit-of-work';
import { openTestOrm } from '../support/orm';

/** Counts what reaches the server: one `query()` call of node-postgres is one round trip. */
function countingConnections(orm: Orm) {
  const inner = pgConnections(orm);
  const seen = { roundTrips: 0, acquired: 0 };
  /** While set, taking a connection waits for it (a busy pool). */
  const gate: { closed?: Promise<void> } = {};
  const originals = new WeakMap<PgClient, PgClient>();
  return {
    seen,
    gate,
    connections: {
      acquire: async (): Promise<PgClient> => {
        seen.acquired++;
        await gate.closed;
        const c = await inner.acquire();
        const counting = new Proxy(c, {
          get(target, prop, receiver) {
            if (prop !== 'query') return Reflect.get(target, prop, receiver);
            return (...args: unknown[]) => {
              seen.roundTrips++;
              return (target.query as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        });
        originals.set(counting, c);
        return counting;
      },
      release: (c: PgClient) => inner.release(originals.get(c) ?? c),
    },
  };
}

function pipelineSuite(name: string, open: () => Promise<{ orm: Orm; close(): Promise<void> }>) {
  describe(`unit of work with pipelined statements (${name})`, () => {
    let db: { orm: Orm; close(): Promise<void> };
    let sql: Sql;
    let counted: ReturnType<typeof countingConnections>;
    let uow: PgUnitOfWork;

    beforeAll(async () => {
      db = await open();
      sql = new Sql(pgConnections(db.orm));
      counted = countingConnections(db.orm);
      uow = new PgUnitOfWork(counted.connections);
      await sql.query('create table pipeline_probe (id text primary key, n int not null check (n >= 0))');
    });
    afterAll(async () => {
      await db?.close();
    });

    const ids = async () => (await sql.query<{ id: string }>('select id from pipeline_probe order by id')).map((r) => r.id);
    const trips = async (work: Parameters<PgUnitOfWork['run']>[0]) => {
      const before = counted.seen.roundTrips;
      await uow.run(work);
      return counted.seen.roundTrips - before;
    };

    it('sends BEGIN, deferred writes and COMMIT together, in call order, and reads see earlier writes', async () => {
      let read: unknown[] = [];
      const n = await trips(async (tx) => {
        sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['a1', 1]);
        sqlTx(tx).defer('update pipeline_probe set n = n + ? where id = ?', [10, 'a1']);
        read = await sqlTx(tx).query('select n from pipeline_probe where id = ?', ['a1']);
        sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['a2', 2]);
      });
      expect(read).toEqual([{ n: 11 }]);
      expect(n).toBe(2); // [BEGIN, insert, update, select] then [insert, COMMIT]
      expect(await ids()).toEqual(['a1', 'a2']);
    });

    it('a unit of work that runs nothing sends nothing', async () => {
      expect(await trips(async () => undefined)).toBe(0);
    });

    it('a failing deferred write rolls back the whole transaction, also what was sent before it, and the connection stays usable', async () => {
      await expect(
        uow.run(async (tx) => {
          await sqlTx(tx).query('insert into pipeline_probe (id, n) values (?, ?)', ['b1', 1]);
          sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['b2', 2]);
          sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['b3', -1]); // violates the check
          sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['b4', 4]);
        }),
      ).rejects.toMatchObject({ code: '23514' });
      expect(await ids()).toEqual(['a1', 'a2']);
      await uow.run(async (tx) => sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['b5', 5]));
      expect(await ids()).toEqual(['a1', 'a2', 'b5']);
    });

    it('an error in the middle of a pipeline rejects the read that carried it and skips the rest', async () => {
      await expect(
        uow.run(async (tx) => {
          sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['c1', 1]);
          sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['a1', 1]); // duplicate key
          await sqlTx(tx).query('select 1');
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect(await ids()).toEqual(['a1', 'a2', 'b5']);
    });

    it('a value that cannot be sent fails before anything is written', async () => {
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      await expect(
        uow.run(async (tx) => {
          sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['d1', 1]);
          sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', [circular, 2]);
        }),
      ).rejects.toThrow();
      expect(await ids()).toEqual(['a1', 'a2', 'b5']);
      await uow.run(async (tx) => sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['d2', 2]));
      expect(await ids()).toEqual(['a1', 'a2', 'b5', 'd2']);
    });

    it('takes its connection with the first statement sent, not when it starts, and none when it sends nothing', async () => {
      let release!: () => void;
      const paused = new Promise<void>((r) => (release = r));
      const before = counted.seen.acquired;
      const done = uow.run(async (tx) => {
        await paused; // work before any statement (building rows, a busy event loop)
        expect(counted.seen.acquired).toBe(before);
        sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['h1', 1]);
        expect(counted.seen.acquired).toBe(before);
      });
      release();
      await done;
      expect(counted.seen.acquired).toBe(before + 1);
      await uow.run(async () => undefined);
      expect(counted.seen.acquired).toBe(before + 1);
      await sql.query("delete from pipeline_probe where id = 'h1'");
    });

    it('calls made while the connection is awaited go out in the order they were made', async () => {
      let open!: () => void;
      counted.gate.closed = new Promise<void>((r) => (open = r));
      try {
        const out = uow.run(async (tx) => {
          const first = sqlTx(tx).query<{ n: number }>('insert into pipeline_probe (id, n) values (?, ?) returning n', ['i1', 1]);
          sqlTx(tx).defer('update pipeline_probe set n = n + ? where id = ?', [10, 'i1']);
          const second = sqlTx(tx).query<{ n: number }>('select n from pipeline_probe where id = ?', ['i1']);
          open();
          await first;
          // Made once the connection is in: after the others.
          const third = sqlTx(tx).query<{ n: number }>('update pipeline_probe set n = n * ? where id = ? returning n', [2, 'i1']);
          return Promise.all([first, second, third]);
        });
        const [first, second, third] = await out;
        expect([first[0]!.n, second[0]!.n, third[0]!.n]).toEqual([1, 11, 22]);
      } finally {
        counted.gate.closed = undefined;
      }
      await sql.query("delete from pipeline_probe where id = 'i1'");
    });

    it('a named prepared statement is prepared on first use, then pipelined with what precedes it', async () => {
      const bump = { name: 'pipeline_probe_bump', text: 'update pipeline_probe set n = n + $1 where id = $2 returning n', values: [1, 'a2'] };
      const run = () =>
        uow.run(async (tx) => {
          sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?) on conflict (id) do update set n = pipeline_probe.n', ['a2', 0]);
          return sqlTx(tx).execute<{ n: number }>(bump);
        });
      const trips: number[] = [];
      for (let i = 0; i < 4; i++) {
        const before = counted.seen.roundTrips;
        expect(await run()).toHaveLength(1);
        trips.push(counted.seen.roundTrips - before);
      }
      // [BEGIN, insert, named statement], COMMIT: parsed in the batch on a connection's first use.
      expect(trips).toEqual([2, 2, 2, 2]);
      expect(Number((await sql.one<{ n: number }>('select n from pipeline_probe where id = ?', ['a2']))!.n)).toBe(2 + 4);
    });

    it('deferred writes go as named prepared statements: parsed once per batch and per connection, and usable again after a batch that failed', async () => {
      const insert = 'insert into pipeline_probe (id, n) values (?, ?)';
      // One connection at a time: the pool's connections each prepare it at most once, whatever fails in between.
      for (let i = 0; i < 6; i++) {
        await expect(
          uow.run(async (tx) => {
            sqlTx(tx).defer(insert, [`e${i}`, 1]);
            sqlTx(tx).defer(insert, [`e${i}x`, -1]); // the check fails after the statement was prepared
          }),
        ).rejects.toMatchObject({ code: '23514' });
        await uow.run(async (tx) => {
          sqlTx(tx).defer(insert, [`f${i}`, 1]);
          sqlTx(tx).defer(insert, [`g${i}`, 1]);
        });
      }
      expect((await ids()).filter((id) => /^[fg]\d$/.test(id))).toHaveLength(12);
      expect((await ids()).filter((id) => id.startsWith('e'))).toEqual([]);
      await sql.query("delete from pipeline_probe where id ~ '^[fg][0-9]$'");
    });

    it('executeAll sends what is queued and every statement in one round trip, and answers the rows of each in order', async () => {
      const bump = (id: string, by: number) => ({ name: 'pipeline_probe_bump_all', text: 'update pipeline_probe set n = n + $1 where id = $2 returning id, n', values: [by, id] });
      let answers: unknown[][] = [];
      const n = await trips(async (tx) => {
        sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['j1', 1]);
        sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['j2', 2]);
        answers = await sqlTx(tx).executeAll([bump('j1', 10), bump('j2', 20), bump('none', 1)]);
      });
      expect(n).toBe(2); // [BEGIN, inserts, the three updates], COMMIT
      expect(answers).toEqual([[{ id: 'j1', n: 11 }], [{ id: 'j2', n: 22 }], []]);
      await expect(
        uow.run(async (tx) => {
          await sqlTx(tx).executeAll([bump('j1', 1), bump('j2', -100), bump('j1', 1)]); // the check fails on the second
        }),
      ).rejects.toMatchObject({ code: '23514' });
      expect(await sql.query('select id, n from pipeline_probe where id in (?, ?) order by id', ['j1', 'j2'])).toEqual([{ id: 'j1', n: 11 }, { id: 'j2', n: 22 }]);
      await sql.query("delete from pipeline_probe where id in ('j1', 'j2')");
    });

    it('rows come back parsed per statement, and concurrent calls keep their order', async () => {
      const out = await uow.run(async (tx) => {
        sqlTx(tx).defer('insert into pipeline_probe (id, n) values (?, ?)', ['e1', 7]);
        return Promise.all([
          sqlTx(tx).query<{ n: number; at: Date }>('select n, now() as at from pipeline_probe where id = ?', ['e1']),
          sqlTx(tx).query<{ c: string }>('select count(*)::text as c from pipeline_probe'),
        ]);
      });
      expect(out[0][0]!.n).toBe(7);
      expect(out[0][0]!.at).toBeInstanceOf(Date);
      expect(out[1]).toEqual([{ c: '5' }]);
    });
  });
}

pipelineSuite('PostgreSQL', () => openTestOrm(2));

const dataDir = mkdtempSync(join(tmpdir(), 'pixpay-uow-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
pipelineSuite('embedded PGlite', async () => {
  const embedded = await EmbeddedPostgres.start(join(dataDir, 'pglite'));
  const orm = await openOrm({ url: embedded.url, poolSize: 1 });
  return {
    orm,
    close: async () => {
      await orm.close(true);
      await embedded.stop();
    },
  };
});

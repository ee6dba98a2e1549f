import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../src/infra/db/orm';
import { pgConnections } from '../../src/infra/db/pg-connections';
import { Sql } from '../../src/infra/db/sql';
import { PgUnitOfWork } from '../../src/infra/db/unit-of-work';
import { PgSplitStore } from '../../src/infra/splits/pg-split-store';
import { createTestDatabase, type TestDatabase } from '../support/database';

const BEFORE = 'Migration20261129040000SplitInsertChecksLinks';

let db: TestDatabase;
let orm: Orm;
const run = (sql: string, params: unknown[] = []) => orm.em.getConnection().execute(sql, params);

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await openOrm({ url: db.url, poolSize: 2 });
  await orm.getMigrator().up({ to: BEFORE });
  // Splits as the one-row-per-party layout stored them: one paid with refunds, one pending.
  for (const id of ['market', 'shop-a', 'shop-b']) {
    await run(`insert into sellers (id, name, document_type, document_number, kyc_status, fee_plan, created_at) values (?, ?, 'CPF', '00000000000', 'APPROVED', '{}', now())`, [id, `Loja ${id}`]);
  }
  for (const [id, status, at] of [['tx_paid', 'PAID', '2026-11-01T10:00:00Z'], ['tx_pending', 'PENDING', '2026-11-02T10:00:00Z']]) {
    await run(
      `insert into transactions (id, seller_id, amount, payment_method, status, provider_reference, created_at, updated_at) values (?, 'market', 10000, 'PIX', ?, ?, ?, ?)`,
      [id, status, `ref-${id}`, at, at],
    );
    await run(`insert into transaction_splits (transaction_id, marketplace_id, fee_payer, fee_recipient_id, instructions, created_at) values (?, 'market', 'PRO_RATA', null, ?::jsonb, ?)`, [
      id,
      JSON.stringify([{ recipientId: 'shop-a', amount: 3000, basisPoints: null }, { recipientId: 'shop-b', amount: null, basisPoints: 2500 }]),
      at,
    ]);
  }
  await run(`insert into transaction_split_parties (transaction_id, seller_id, role, position, gross, fee, returned) values
    ('tx_paid', 'market', 'MARKETPLACE', 0, 4500, 45, 450), ('tx_paid', 'shop-a', 'RECIPIENT', 1, 3000, 30, 300), ('tx_paid', 'shop-b', 'RECIPIENT', 2, 2500, 24, 0),
    ('tx_pending', 'market', 'MARKETPLACE', 0, null, null, 0), ('tx_pending', 'shop-a', 'RECIPIENT', 1, null, null, 0), ('tx_pending', 'shop-b', 'RECIPIENT', 2, null, null, 0)`);
  await orm.getMigrator().up();
});

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

describe('splits stored one row per party, after the migration to one row per charge', () => {
  it('keep their parties, parts and returns, in the store and in the transaction_split_parties view', async () => {
    const store = new PgSplitStore(new Sql(pgConnections(orm)));
    const paid = await store.find(undefined, 'tx_paid');
    expect(paid?.plan.recipients.map((r) => r.recipientId)).toEqual(['shop-a', 'shop-b']);
    expect(paid?.parties).toEqual([
      { sellerId: 'market', role: 'MARKETPLACE', gross: 4500, fee: 45, returned: 450 },
      { sellerId: 'shop-a', role: 'RECIPIENT', gross: 3000, fee: 30, returned: 300 },
      { sellerId: 'shop-b', role: 'RECIPIENT', gross: 2500, fee: 24, returned: 0 },
    ]);
    expect((await store.find(undefined, 'tx_pending'))?.parties.map((p) => [p.sellerId, p.gross, p.fee, p.returned])).toEqual([
      ['market', null, null, 0],
      ['shop-a', null, null, 0],
      ['shop-b', null, null, 0],
    ]);
    const view = await run(`select transaction_id, seller_id, role, position, gross, fee, returned from transaction_split_parties order by transaction_id, position`);
    expect(view.map((r: Record<string, unknown>) => [r.transaction_id, r.seller_id, r.role, r.position, r.gross === null ? null : Number(r.gross), Number(r.returned)])).toEqual([
      ['tx_paid', 'market', 'MARKETPLACE', 0, 4500, 450],
      ['tx_paid', 'shop-a', 'RECIPIENT', 1, 3000, 300],
      ['tx_paid', 'shop-b', 'RECIPIENT', 2, 2500, 0],
      ['tx_pending', 'market', 'MARKETPLACE', 0, null, 0],
      ['tx_pending', 'shop-a', 'RECIPIENT', 1, null, 0],
      ['tx_pending', 'shop-b', 'RECIPIENT', 2, null, 0],
    ]);
  });

  it('answer each recipient its own part of each charge, newest first, and nothing for the marketplace as a recipient', async () => {
    const store = new PgSplitStore(new Sql(pgConnections(orm)));
    const a = await store.recipientShares('shop-a', { limit: 10, skip: 0 });
    expect(a.total).toBe(2);
    expect(a.items.map((i) => [i.transactionId, i.status, i.gross, i.fee, i.returned])).toEqual([
      ['tx_pending', 'PENDING', null, null, 0],
      ['tx_paid', 'PAID', 3000, 30, 300],
    ]);
    expect((await store.recipientShares('shop-b', { transactionId: 'tx_paid', limit: 10, skip: 0 })).items.map((i) => [i.gross, i.fee, i.returned])).toEqual([[2500, 24, 0]]);
    expect((await store.recipientShares('market', { limit: 10, skip: 0 })).total).toBe(0);
  });

  it('record later payments and returns at each party position', async () => {
    const store = new PgSplitStore(new Sql(pgConnections(orm)));
    await new PgUnitOfWork(pgConnections(orm)).run(async (tx) => {
      await store.recordShares(tx, 'tx_pending', [
        { sellerId: 'shop-b', role: 'RECIPIENT', gross: 2500, fee: 25 },
        { sellerId: 'market', role: 'MARKETPLACE', gross: 4500, fee: 45 },
        { sellerId: 'shop-a', role: 'RECIPIENT', gross: 3000, fee: 30 },
      ]);
      await store.addReturned(tx, 'tx_pending', [{ sellerId: 'shop-a', amount: 100 }]);
      await store.addReturned(tx, 'tx_pending', [{ sellerId: 'shop-a', amount: 5 }, { sellerId: 'market', amount: 7 }]);
    });
    expect((await store.find(undefined, 'tx_pending'))?.parties.map((p) => [p.sellerId, p.gross, p.fee, p.returned])).toEqual([
      ['market', 4500, 45, 7],
      ['shop-a', 3000, 30, 105],
      ['shop-b', 2500, 25, 0],
    ]);
  });

  it('go back to one row per party when the migration is reverted, and come back again', async () => {
    const parties = `select transaction_id, seller_id, role, position, gross, fee, returned from transaction_split_parties order by transaction_id, position`;
    const asView = await run(parties);
    await orm.getMigrator().down({ to: BEFORE });
    expect((await run(`select table_type from information_schema.tables where table_name = 'transaction_split_parties'`))[0].table_type).toBe('BASE TABLE');
    expect(await run(parties)).toEqual(asView);
    await orm.getMigrator().up();
    expect(await run(parties)).toEqual(asView);
  });
});

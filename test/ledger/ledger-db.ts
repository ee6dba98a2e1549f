import { ManualClock } from '../../src/domain/shared/clock';
import type { LiveEvent } from '../../src/domain/shared/live-events';
import { LedgerService } from '../../src/domain/ledger/ledger.service';
import { WalletService } from '../../src/domain/ledger/wallet.service';
import { openOrm, type Orm } from '../../src/infra/db/orm';
import { Sql } from '../../src/infra/db/sql';
import { PgUnitOfWork } from '../../src/infra/db/unit-of-work';
import { pgConnections } from '../../src/infra/db/pg-connections';
import { SqlLedgerRepository } from '../../src/infra/ledger/sql-ledger.repository';
import { createMigratedTestDatabase } from '../support/database';

/** The ledger adapter on a fresh, migrated PostgreSQL database (no HTTP). */
export interface LedgerDb {
  orm: Orm;
  sql: Sql;
  uow: PgUnitOfWork;
  store: SqlLedgerRepository;
  ledger: LedgerService;
  wallet: WalletService;
  clock: ManualClock;
  events: LiveEvent[];
  addSeller(id: string): Promise<void>;
  close(): Promise<void>;
}

export async function openLedgerDb(poolSize = 10): Promise<LedgerDb> {
  const db = await createMigratedTestDatabase();
  const orm = await openOrm({ url: db.url, poolSize });
  const sql = new Sql(pgConnections(orm));
  const store = new SqlLedgerRepository(sql);
  const clock = new ManualClock(new Date('2026-03-10T12:00:00.000Z'));
  const events: LiveEvent[] = [];
  const live = { publish: (e: LiveEvent) => void events.push(e) };
  return {
    orm,
    sql,
    uow: new PgUnitOfWork(pgConnections(orm)),
    store,
    ledger: new LedgerService({ store, clock, live }),
    wallet: new WalletService({ store, clock }),
    clock,
    events,
    addSeller: async (id) => {
      await sql.query(
        `insert into sellers (id, name, document_type, document_number, kyc_status, fee_plan, created_at)
         values (?, 'Loja', 'CPF', '00000000000', 'APPROVED', '{}'::jsonb, now())`,
        [id],
      );
    },
    close: async () => {
      await orm.close(true);
      await db.drop();
    },
  };
}

/** A seller as the wallet use cases need it. */
export const sellerStub = (id: string) => ({
  id,
  name: 'Loja',
  documentType: 'CPF' as const,
  documentNumber: '00000000000',
  kycStatus: 'APPROVED' as const,
  feePlan: { pixInBasisPoints: 99, pixInFixedCents: 0, pixInMinimumCents: 1, withdrawalFixedCents: 100 },
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
});

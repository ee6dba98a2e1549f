import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixCredit, withdrawalDebit } from '../../src/domain/ledger/ledger-entries';
import { openLedgerDb, sellerStub, type LedgerDb } from './ledger-db';

let db: LedgerDb;
beforeAll(async () => {
  db = await openLedgerDb(52); // one connection per parallel debit
});
afterAll(async () => {
  await db?.close();
});

describe('ledger under concurrency (real PostgreSQL)', () => {
  it('50 parallel debits of a balance that covers 10: exactly 10 succeed and available ends at 0', async () => {
    await db.addSeller('race');
    await db.uow.run((tx) => db.ledger.postEntry(tx, pixCredit({ sellerId: 'race', transactionId: 'fund', amount: 10 * 1_100, fee: 0 })));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        db.uow.run((tx) => db.ledger.postEntry(tx, withdrawalDebit({ sellerId: 'race', withdrawalId: `w${i}`, amount: 1_000, fee: 100 }))),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await db.wallet.balance(sellerStub('race'))).toEqual({ available: 0, blocked: 0, total: 0, debt: 0, currency: 'BRL' });
    const [counts] = await db.sql.query<Record<string, string>>(
      `select (select count(*) from ledger_entries where kind = 'WITHDRAWAL_DEBIT' and seller_id = 'race') as entries,
              (select count(*) from ledger_statement_lines where seller_id = 'race' and type = 'DEBIT') as lines,
              (select sum(amount) from ledger_postings where account = 'seller:race:available:PIX') as balance`,
    );
    expect(counts).toEqual({ entries: '10', lines: '20', balance: '0' });
  });

  it('20 parallel posts of the same reference yield one entry, one credit', async () => {
    await db.addSeller('dup');
    const draft = () => pixCredit({ sellerId: 'dup', transactionId: 'same', amount: 5_000, fee: 50 });
    const results = await Promise.all(Array.from({ length: 20 }, () => db.uow.run((tx) => db.ledger.postEntry(tx, draft()))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const [counts] = await db.sql.query<Record<string, string>>(
      `select (select count(*) from ledger_entries where reference = 'credit:transaction:same') as entries,
              (select count(*) from ledger_postings p join ledger_entries e on e.id = p.entry_id where e.reference = 'credit:transaction:same') as postings,
              (select count(*) from ledger_statement_lines where seller_id = 'dup') as lines`,
    );
    expect(counts).toEqual({ entries: '1', postings: '4', lines: '2' });
    expect(await db.wallet.balance(sellerStub('dup'))).toMatchObject({ available: 4_950 });
  });

  it('credits and debits racing on one seller never overdraw and keep the wallet equal to the postings', async () => {
    await db.addSeller('mix');
    const ops = Array.from({ length: 120 }, (_, i) =>
      db.uow.run((tx) =>
        db.ledger.postEntry(
          tx,
          i % 3 === 0
            ? pixCredit({ sellerId: 'mix', transactionId: `m${i}`, amount: 700, fee: 7 })
            : withdrawalDebit({ sellerId: 'mix', withdrawalId: `m${i}`, amount: 300, fee: 10 }),
        ),
      ),
    );
    const results = await Promise.allSettled(ops);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    const [w] = await db.sql.query<Record<string, string>>(
      `select w.available_pix, (select sum(amount) from ledger_postings where account = 'seller:mix:available:PIX') as postings
         from ledger_wallets w where seller_id = 'mix'`,
    );
    expect(Number(w!.available_pix)).toBeGreaterThanOrEqual(0);
    expect(w!.available_pix).toBe(w!.postings);
  });
});

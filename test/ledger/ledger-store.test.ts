import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalances, emptyBook, postToBook } from '../../src/domain/ledger/ledger-book';
import { block, operatorAdjustment, pixCredit, withdrawalDebit, withdrawalSettlement } from '../../src/domain/ledger/ledger-entries';
import type { JournalEntryDraft } from '../../src/domain/ledger/ledger.types';
import { isDomainError } from '../../src/domain/shared/errors';
import { SqlLedgerRepository } from '../../src/infra/ledger/sql-ledger.repository';
import { LedgerService } from '../../src/domain/ledger/ledger.service';
import { openLedgerDb, sellerStub, type LedgerDb } from './ledger-db';
import { draftOf, opArb } from './ledger-ops';

let db: LedgerDb;
beforeAll(async () => {
  db = await openLedgerDb();
});
afterAll(async () => {
  await db?.close();
});

const post = (d: JournalEntryDraft) => db.uow.run((tx) => db.ledger.postEntry(tx, d));
const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => db.sql.query<T>(sql, params);

/** The database's view of a seller: wallet row, sums of postings per account, statement lines. */
async function dbState(sellerIds: string[]) {
  const wallets = new Map<string, Record<string, number>>();
  for (const w of await rows<Record<string, string>>(
    'select seller_id, available_pix, available_boleto, available_card, blocked from ledger_wallets where seller_id = any(?::text[])',
    [sellerIds],
  )) {
    wallets.set(w.seller_id!, { availablePix: +w.available_pix!, availableBoleto: +w.available_boleto!, availableCard: +w.available_card!, blocked: +w.blocked! });
  }
  return wallets;
}

describe('SqlLedgerRepository on PostgreSQL', () => {
  it('agrees with the pure model on random sequences (balances, postings, statement, refusals)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++;
        const sellers = [0, 1, 2].map((i) => `prop${run}x${i}`);
        for (const s of sellers) await db.addSeller(s);
        let book = emptyBook();
        const history: JournalEntryDraft[] = [];
        const withdrawals: { sellerId: string; id: string; amount: number; fee: number }[] = [];
        for (const [i, op] of ops.entries()) {
          const step = draftOf(op, i + run * 1000, sellers, history, withdrawals);
          if (!step) continue;
          let modelError: unknown = null;
          try {
            const r = postToBook(book, step.draft);
            book = r.book;
            if (r.created) history.push(step.draft);
          } catch (e) {
            modelError = e;
          }
          const outcome = await post(step.draft).then(
            (p) => ({ ok: true as const, created: p.created }),
            (e: unknown) => ({ ok: false as const, code: isDomainError(e) ? e.code : String(e) }),
          );
          if (modelError) expect(outcome).toEqual({ ok: false, code: 'INSUFFICIENT_BALANCE' });
          else expect(outcome.ok).toBe(true);
        }
        // Wallet rows equal the model, and equal the sums of the postings in the database.
        const wallets = await dbState(sellers);
        for (const s of sellers) {
          const model = book.wallets.get(s);
          expect(wallets.get(s) ?? null).toEqual(model ? { ...model } : null);
        }
        const sums = await rows<{ account: string; total: string }>(
          `select account, sum(amount) as total from ledger_postings where account like ? group by account`,
          [`seller:prop${run}x%`],
        );
        const modelAccounts = accountBalances(book);
        for (const r of sums) expect(Number(r.total)).toBe(modelAccounts.get(r.account) ?? 0);
        // The statement holds exactly the model's lines, and the daily aggregate agrees with it.
        for (const s of sellers) {
          const lines = await rows<{ type: string; amount: string }>('select type, amount from ledger_statement_lines where seller_id = ? order by id', [s]);
          expect(lines.map((l) => [l.type, Number(l.amount)])).toEqual((book.statements.get(s) ?? []).map((l) => [l.type, l.amount]));
          const [agg] = await rows<{ n: string | null; total: string | null }>(
            'select sum(entries) as n, sum(total) as total from ledger_statement_daily where seller_id = ?',
            [s],
          );
          expect(Number(agg!.n ?? 0)).toBe(lines.length);
          expect(Number(agg!.total ?? 0)).toBe(lines.reduce((a, l) => a + Number(l.amount), 0));
        }
      }),
      { numRuns: 25 },
    );
    // Every entry ever written sums to zero.
    const unbalanced = await rows('select entry_id from ledger_postings group by entry_id having sum(amount) <> 0');
    expect(unbalanced).toEqual([]);
  });

  it('an insufficient debit writes nothing and leaves the transaction usable', async () => {
    await db.addSeller('insuf');
    await post(pixCredit({ sellerId: 'insuf', transactionId: 'insuf-t', amount: 1_000, fee: 0 }));
    const before = await rows('select (select count(*) from ledger_entries) as e, (select count(*) from ledger_postings) as p, (select count(*) from ledger_statement_lines) as l');
    const result = await db.uow.run(async (tx) => {
      const refused = await db.ledger.postEntry(tx, withdrawalDebit({ sellerId: 'insuf', withdrawalId: 'insuf-w', amount: 1_000, fee: 1 })).catch((e: unknown) => e);
      // the same transaction goes on: this debit fits
      const ok = await db.ledger.postEntry(tx, withdrawalDebit({ sellerId: 'insuf', withdrawalId: 'insuf-w2', amount: 900, fee: 100 }));
      return { refused, ok };
    });
    expect(result.refused).toMatchObject({ code: 'INSUFFICIENT_BALANCE', kind: 'UNPROCESSABLE' });
    expect(result.ok.wallet).toMatchObject({ availablePix: 0 });
    const [after] = await rows<Record<string, string>>(
      'select (select count(*) from ledger_entries) as e, (select count(*) from ledger_postings) as p, (select count(*) from ledger_statement_lines) as l',
    );
    const [b] = before as Record<string, string>[];
    expect([+after!.e - +b!.e, +after!.p - +b!.p, +after!.l - +b!.l]).toEqual([1, 4, 2]);
    expect(await rows("select 1 from ledger_entries where reference = 'debit:withdrawal:insuf-w'")).toEqual([]);
  });

  it('a rolled-back transaction leaves no trace of its postings', async () => {
    await db.addSeller('rb');
    await expect(
      db.uow.run(async (tx) => {
        await db.ledger.postEntry(tx, pixCredit({ sellerId: 'rb', transactionId: 'rb-t', amount: 500, fee: 5 }));
        throw new Error('business change failed');
      }),
    ).rejects.toThrow('business change failed');
    expect(await db.wallet.balance(sellerStub('rb'))).toEqual({ available: 0, blocked: 0, total: 0, debt: 0, currency: 'BRL' });
    expect(await rows("select 1 from ledger_entries where reference = 'credit:transaction:rb-t'")).toEqual([]);
  });

  it('the same reference with other postings is LEDGER_REFERENCE_CONFLICT; the same one is a no-op', async () => {
    await db.addSeller('conf');
    const first = await post(pixCredit({ sellerId: 'conf', transactionId: 'c-t', amount: 1_000, fee: 10 }));
    const again = await post(pixCredit({ sellerId: 'conf', transactionId: 'c-t', amount: 1_000, fee: 10 }));
    expect(again).toMatchObject({ id: first.id, created: false });
    await expect(post(pixCredit({ sellerId: 'conf', transactionId: 'c-t', amount: 1_000, fee: 11 }))).rejects.toMatchObject({ code: 'LEDGER_REFERENCE_CONFLICT' });
    expect((await db.wallet.balance(sellerStub('conf'))).available).toBe(990);
  });

  it('postEntries posts several sellers\' entries as postEntry would, in one round trip: a repeated entry is a no-op, a refused one fails the call', async () => {
    for (const id of ['many-a', 'many-b', 'many-c']) await db.addSeller(id);
    const drafts = ['many-a', 'many-b', 'many-c'].map((sellerId, i) => pixCredit({ sellerId, transactionId: `many-t-${i}`, amount: 1_000 * (i + 1), fee: 10 }));
    const posted = await db.uow.run((tx) => db.ledger.postEntries(tx, drafts));
    expect(posted.map((p) => [p.sellerId, p.reference, p.created, p.wallet?.availablePix])).toEqual([
      ['many-a', 'credit:transaction:many-t-0', true, 990],
      ['many-b', 'credit:transaction:many-t-1', true, 1_990],
      ['many-c', 'credit:transaction:many-t-2', true, 2_990],
    ]);
    const again = await db.uow.run((tx) => db.ledger.postEntries(tx, drafts));
    expect(again.map((p) => [p.id, p.created])).toEqual(posted.map((p) => [p.id, false]));
    expect((await Promise.all(['many-a', 'many-b', 'many-c'].map((id) => db.wallet.balance(sellerStub(id))))).map((b) => b.available)).toEqual([990, 1_990, 2_990]);

    // A conflicting reference in the middle fails the call; the unit of work rolls every entry back.
    const conflicting = [pixCredit({ sellerId: 'many-a', transactionId: 'many-t-3', amount: 500, fee: 0 }), pixCredit({ sellerId: 'many-b', transactionId: 'many-t-1', amount: 7, fee: 0 })];
    await expect(db.uow.run((tx) => db.ledger.postEntries(tx, conflicting))).rejects.toMatchObject({ code: 'LEDGER_REFERENCE_CONFLICT' });
    expect(await rows("select 1 from ledger_entries where reference = 'credit:transaction:many-t-3'")).toEqual([]);
    expect((await db.wallet.balance(sellerStub('many-a'))).available).toBe(990);
  });

  it('entries, postings and statement lines are immutable', async () => {
    await db.addSeller('imm');
    const e = await post(pixCredit({ sellerId: 'imm', transactionId: 'imm-t', amount: 100, fee: 1 }));
    await expect(rows('update ledger_postings set amount = amount + 1 where entry_id = ?', [e.id])).rejects.toThrow(/immutable/);
    await expect(rows('delete from ledger_entries where id = ?', [e.id])).rejects.toThrow(/immutable/);
    await expect(rows("update ledger_statement_lines set description = 'x' where entry_id = ?", [e.id])).rejects.toThrow(/immutable/);
  });

  it('the database refuses unbalanced entries and postings to foreign seller accounts, whatever the caller', async () => {
    const call = (accounts: string[], amounts: number[], seller: string | null = 'imm') =>
      db.uow.run((tx) =>
        (db.store as unknown as { sql: { query(s: string, p: unknown[], tx: unknown): Promise<unknown> } }).sql.query(
          `select * from ledger_post(?, 'OPERATOR_CREDIT', ?, null, null, 'd', null, now(), ?::text[], ?::bigint[], '{}'::text[], '{}'::bigint[], '{}'::boolean[], '{}'::text[])`,
          [`raw-${Math.random()}`, seller, accounts, amounts],
          tx,
        ),
      );
    await expect(call(['platform:adjustments', 'seller:imm:available:PIX'], [-5, 4])).rejects.toThrow(/sum/);
    await expect(call(['platform:adjustments', 'seller:other:available:PIX'], [-5, 5])).rejects.toThrow(/foreign/);
    await expect(call(['platform:adjustments', 'seller:imm:savings'], [-5, 5])).rejects.toThrow(/foreign/);
  });

  it('platform balances are derived from postings and the whole ledger sums to zero', async () => {
    const balances = await db.store.platformBalances();
    const [{ sellers }] = await rows<{ sellers: string }>("select coalesce(sum(amount), 0) as sellers from ledger_postings where account like 'seller:%'");
    expect(balances.reduce((a, b) => a + b.balance, 0) + Number(sellers)).toBe(0);
    expect(balances.map((b) => b.account)).toContain('platform:fees');
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyBook, owedInBook, postToBookPayingDebt } from '../../src/domain/ledger/ledger-book';
import { LedgerService } from '../../src/domain/ledger/ledger.service';
import { ZERO_BALANCES } from '../../src/domain/ledger/ledger.types';
import { isDomainError } from '../../src/domain/shared/errors';
import { SqlSellerDebtStore } from '../../src/infra/ledger/sql-seller-debt-store';
import { withdrawalDebit, pixCredit } from '../../src/domain/ledger/ledger-entries';
import { forcedDebit } from '../../src/domain/ledger/seller-debt';
import { debtDraftOf, debtOpArb, type OpenBlock } from './debt-ops';
import { openLedgerDb, type LedgerDb } from './ledger-db';

let db: LedgerDb;
let debts: SqlSellerDebtStore;
let ledger: LedgerService;
beforeAll(async () => {
  db = await openLedgerDb();
  debts = new SqlSellerDebtStore(db.sql);
  ledger = new LedgerService({ store: db.store, clock: db.clock, live: { publish: () => undefined }, debts });
});
afterAll(async () => {
  await db?.close();
});

describe('seller debt on PostgreSQL', () => {
  it('agrees with the model: forced debits built from the locked balances, credits paying the debt, refusals', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(debtOpArb, { minLength: 1, maxLength: 20 }), async (ops) => {
        run++;
        const sellers = [`debt${run}a`, `debt${run}b`];
        for (const s of sellers) await db.addSeller(s);
        let book = emptyBook();
        const modelBlocks: OpenBlock[] = [];
        const dbBlocks: OpenBlock[] = [];
        for (const [i, op] of ops.entries()) {
          const modelStep = debtDraftOf(op, i + run * 1000, sellers, modelBlocks, (s) => book.wallets.get(s) ?? ZERO_BALANCES);
          let modelRefused = false;
          const owedBefore = modelStep ? owedInBook(book, modelStep.sellerId) : 0;
          if (modelStep) {
            try {
              book = postToBookPayingDebt(book, modelStep.draft).book;
              modelStep.after?.();
            } catch {
              modelRefused = true;
            }
          }
          const outcome = await db.uow
            .run(async (tx) => {
              const locked = new Map<string, Awaited<ReturnType<typeof debts.lockBalances>>['balances']>();
              for (const s of sellers) locked.set(s, (await debts.lockBalances(tx, s)).balances);
              const step = debtDraftOf(op, i + run * 1000, sellers, dbBlocks, (s) => locked.get(s)!);
              if (!step) return 'skipped';
              // The database builds the same draft as the model from its own locked balances.
              expect(step.draft).toEqual(modelStep?.draft);
              await ledger.postEntry(tx, step.draft);
              step.after?.();
              return 'posted';
            })
            .catch((e: unknown) => (isDomainError(e) ? e.code : String(e)));
          if (!modelStep) expect(outcome).toBe('skipped');
          else if (!modelRefused) expect(outcome).toBe('posted');
          else expect(outcome).toBe(op.t === 'withdraw' && owedBefore > 0 ? 'SELLER_DEBT_OUTSTANDING' : 'INSUFFICIENT_BALANCE');
        }
        for (const s of sellers) {
          expect(await debts.owed(s)).toBe(owedInBook(book, s));
          const w = await db.store.wallet(s);
          const model = book.wallets.get(s);
          if (model) expect(w).toMatchObject(model);
        }
      }),
      { numRuns: 20 },
    );
    expect(await db.sql.query('select entry_id from ledger_postings group by entry_id having sum(amount) <> 0')).toEqual([]);
  });

  it('a withdrawal while a debt exists is refused with SELLER_DEBT_OUTSTANDING and writes nothing', async () => {
    await db.addSeller('owing');
    await db.uow.run((tx) => ledger.postEntry(tx, pixCredit({ sellerId: 'owing', transactionId: 'ow-t', amount: 300, fee: 0 })));
    await db.uow.run(async (tx) => {
      const { balances } = await debts.lockBalances(tx, 'owing');
      await ledger.postEntry(tx, forcedDebit({ reference: 'chargeback:transaction:ow-m', kind: 'CHARGEBACK_DEBIT', sellerId: 'owing', amount: 1_000, balances, description: 'MED', line: 'MED' }).draft);
    });
    expect(await debts.owed('owing')).toBe(700);
    await expect(db.uow.run((tx) => ledger.postEntry(tx, withdrawalDebit({ sellerId: 'owing', withdrawalId: 'ow-w', amount: 1, fee: 0 })))).rejects.toMatchObject({
      code: 'SELLER_DEBT_OUTSTANDING',
      kind: 'UNPROCESSABLE',
      details: { debt: 700 },
    });
    expect(await db.sql.query("select 1 from ledger_entries where reference = 'debit:withdrawal:ow-w'")).toEqual([]);
  });
});

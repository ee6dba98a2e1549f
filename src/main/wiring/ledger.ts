import type { SellerRepository } from '../../domain/accounts/accounts.ports';
import { LedgerAdminService } from '../../domain/ledger/ledger-admin.service';
import { LedgerService } from '../../domain/ledger/ledger.service';
import { WalletService } from '../../domain/ledger/wallet.service';
import { SqlLedgerRepository } from '../../infra/ledger/sql-ledger.repository';
import { SqlSellerDebtStore } from '../../infra/ledger/sql-seller-debt-store';
import type { Platform } from './platform';

/** The money core: posting (for other use cases), wallet reads and operator tools. */
export function wireLedger(p: Platform, sellers: SellerRepository) {
  const store = new SqlLedgerRepository(p.sql, (kind) => p.metrics.ledgerEntryPosted(kind));
  const debts = new SqlSellerDebtStore(p.sql);
  const ledger = new LedgerService({ store, clock: p.clock, live: p.live, debts });
  return {
    ledger,
    debts,
    wallet: new WalletService({ store, clock: p.clock, debts }),
    ledgerAdmin: new LedgerAdminService({ uow: p.uow, ledger, sellers, store, newId: () => p.tokens.newId() }),
  };
}

import type { SellerRepository } from '../../domain/accounts/accounts.ports';
import { LedgerAdminService } from '../../domain/ledger/ledger-admin.service';
import { LedgerService } from '../../domain/ledger/ledger.service';
import { WalletService } from '../../domain/ledger/wallet.service';
import { SqlLedgerRepository } from '../../infra/ledger/sql-ledger.repository';
import type { Platform } from './platform';

/** The money core: posting (for other use cases), wallet reads and operator tools. */
export function wireLedger(p: Platform, sellers: SellerRepository) {
  const store = new SqlLedgerRepository(p.sql, (kind) => p.metrics.ledgerEntryPosted(kind));
  const ledger = new LedgerService({ store, clock: p.clock, live: p.live });
  return {
    ledger,
    wallet: new WalletService({ store, clock: p.clock }),
    ledgerAdmin: new LedgerAdminService({ uow: p.uow, ledger, sellers, store, newId: () => p.tokens.newId() }),
  };
}

import { createId } from '@paralleldrive/cuid2';
import type { SellerRepository } from '../../domain/accounts/accounts.ports';
import type { LedgerService } from '../../domain/ledger/ledger.service';
import type { SellerDebtStore } from '../../domain/ledger/seller-debt.ports';
import { MarketplaceLinksService } from '../../domain/splits/marketplace-links.service';
import { SplitChargeQueries } from '../../domain/splits/split-charge-queries';
import { SplitCharges } from '../../domain/splits/split-charges';
import { SplitShareEvents } from '../../domain/splits/split-share-events';
import { SplitShareQueries } from '../../domain/splits/split-share-queries';
import { PgMarketplaceLinks } from '../../infra/splits/pg-marketplace-links';
import { PgSplitStore } from '../../infra/splits/pg-split-store';
import type { Platform } from './platform';

/** Marketplaces: the links between a marketplace and its recipients, and the money of split charges. */
export function wireMarketplaces(p: Platform, deps: { sellers: Pick<SellerRepository, 'findById'>; ledger: LedgerService; debts: SellerDebtStore }) {
  const links = new PgMarketplaceLinks(p.sql);
  const splitStore = new PgSplitStore(p.sql);
  return {
    splitStore,
    splitShares: new SplitShareQueries(splitStore),
    splitChargeQueries: new SplitChargeQueries(splitStore),
    marketplaceLinks: new MarketplaceLinksService({ uow: p.uow, links, sellers: deps.sellers, clock: p.clock, newId: createId }),
    splitCharges: new SplitCharges({ links, store: splitStore, ledger: deps.ledger, debts: deps.debts, events: new SplitShareEvents({ outbox: p.outbox, live: p.live, clock: p.clock }) }),
  };
}

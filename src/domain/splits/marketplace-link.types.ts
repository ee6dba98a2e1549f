import type { Tx } from '../shared/unit-of-work';

export const MARKETPLACE_LINK_STATUSES = ['INVITED', 'ACTIVE', 'DECLINED', 'ENDED'] as const;
export type MarketplaceLinkStatus = (typeof MARKETPLACE_LINK_STATUSES)[number];
export type MarketplaceSide = 'MARKETPLACE' | 'RECIPIENT';

/**
 * A marketplace's link to one recipient. The marketplace invites; the recipient accepts
 * (its consent) or declines; either side ends an ACTIVE link. Only ACTIVE links take splits;
 * splits already paid stay as they are when a link ends.
 */
export interface MarketplaceLink {
  id: string;
  marketplaceId: string;
  recipientId: string;
  status: MarketplaceLinkStatus;
  invitedAt: Date;
  acceptedAt: Date | null;
  endedAt: Date | null;
  endedBy: MarketplaceSide | null;
  updatedAt: Date;
}

/** A link as either side sees it: the other seller's name beside it. */
export interface MarketplaceLinkView extends MarketplaceLink {
  marketplaceName: string;
  recipientName: string;
}

export interface MarketplaceLinkRepository {
  /** Inserts an INVITED link; false when the pair already has an open (INVITED or ACTIVE) link. */
  insert(link: MarketplaceLink): Promise<boolean>;
  lock(tx: Tx, id: string): Promise<MarketplaceLink | null>;
  update(tx: Tx, link: MarketplaceLink): Promise<void>;
  /** The links where the seller is either side, newest first. */
  listFor(sellerId: string): Promise<MarketplaceLinkView[]>;
  findView(id: string): Promise<MarketplaceLinkView | null>;
  /** Of `recipientIds`, those with an ACTIVE link to the marketplace and KYC approved. */
  activeApprovedRecipients(marketplaceId: string, recipientIds: readonly string[]): Promise<Set<string>>;
}

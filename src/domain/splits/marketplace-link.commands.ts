import type { Seller } from '../accounts/accounts.types';
import type { MarketplaceLinkView } from './marketplace-link.types';
import type { MarketplaceLinksService } from './marketplace-links.service';

/** The link writes both doors may call (GraphQL today): each names the calling seller. */
export interface MarketplaceLinkCommands {
  inviteRecipient(r: { seller: Seller; recipientId: string }): Promise<MarketplaceLinkView>;
  acceptMarketplaceInvitation(r: { seller: Seller; linkId: string }): Promise<MarketplaceLinkView>;
  declineMarketplaceInvitation(r: { seller: Seller; linkId: string }): Promise<MarketplaceLinkView>;
  endMarketplaceLink(r: { seller: Seller; linkId: string }): Promise<MarketplaceLinkView>;
}

export const marketplaceLinkCommands = (links: MarketplaceLinksService): MarketplaceLinkCommands => ({
  inviteRecipient: ({ seller, recipientId }) => links.invite(seller, recipientId),
  acceptMarketplaceInvitation: ({ seller, linkId }) => links.accept(seller, linkId),
  declineMarketplaceInvitation: ({ seller, linkId }) => links.decline(seller, linkId),
  endMarketplaceLink: ({ seller, linkId }) => links.end(seller, linkId),
});

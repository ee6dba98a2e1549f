import { graphql } from './graphql';

export const LinkFields = graphql(`
  fragment LinkFields on MarketplaceLink {
    id marketplaceId marketplaceName recipientId recipientName status side invitedAt acceptedAt endedAt
  }
`);

export const MarketplaceLinks = graphql(`query MarketplaceLinks { marketplaceLinks { ...LinkFields } }`, [LinkFields]);

export const SPLIT_FEE_PAYERS = ['MARKETPLACE', 'PRO_RATA', 'RECIPIENT'] as const;

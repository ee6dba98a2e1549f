import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { MarketplaceLinkView } from '../../domain/splits/marketplace-link.types';
import { type GqlContext, requireSeller } from '../context';
import { MarketplaceLinkType, MarketplaceSideGql } from '../types/marketplace.types';

const toGql = (sellerId: string) => (v: MarketplaceLinkView) =>
  Object.assign(new MarketplaceLinkType(), v, { side: v.marketplaceId === sellerId ? MarketplaceSideGql.MARKETPLACE : MarketplaceSideGql.RECIPIENT });

/** Connected sellers: a marketplace invites, the recipient accepts or declines, either side ends the link. */
@Resolver()
export class MarketplaceLinkResolver {
  @Query(() => [MarketplaceLinkType], { description: "the caller's marketplace links, on either side (its recipients and its marketplaces), newest first" })
  async marketplaceLinks(@Ctx() ctx: GqlContext) {
    const seller = requireSeller(ctx);
    return (await ctx.services.marketplaceLinks.list(seller)).map(toGql(seller.id));
  }

  @Mutation(() => MarketplaceLinkType, { description: 'the caller, as a marketplace, invites a KYC-approved seller to receive splits' })
  async inviteRecipient(@Ctx() ctx: GqlContext, @Arg('recipientId', () => ID) recipientId: string) {
    const seller = requireSeller(ctx);
    return toGql(seller.id)(await ctx.services.commands.inviteRecipient({ seller, recipientId }));
  }

  @Mutation(() => MarketplaceLinkType, { description: "the recipient's consent to a marketplace's invitation" })
  async acceptMarketplaceInvitation(@Ctx() ctx: GqlContext, @Arg('linkId', () => ID) linkId: string) {
    const seller = requireSeller(ctx);
    return toGql(seller.id)(await ctx.services.commands.acceptMarketplaceInvitation({ seller, linkId }));
  }

  @Mutation(() => MarketplaceLinkType, { description: "the recipient refuses a marketplace's invitation" })
  async declineMarketplaceInvitation(@Ctx() ctx: GqlContext, @Arg('linkId', () => ID) linkId: string) {
    const seller = requireSeller(ctx);
    return toGql(seller.id)(await ctx.services.commands.declineMarketplaceInvitation({ seller, linkId }));
  }

  @Mutation(() => MarketplaceLinkType, { description: 'either side ends a link (or withdraws an invitation); splits already paid stay as they are' })
  async endMarketplaceLink(@Ctx() ctx: GqlContext, @Arg('linkId', () => ID) linkId: string) {
    const seller = requireSeller(ctx);
    return toGql(seller.id)(await ctx.services.commands.endMarketplaceLink({ seller, linkId }));
  }
}

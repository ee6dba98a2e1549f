import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { SellerRateLimit } from '../../domain/rate-limits/rate-limit.service';
import { type GqlContext, requireOperatorUser, requireSeller } from '../context';
import { LimitClassGql, RateLimitType } from '../types/rate-limit.types';

const toGql = (rows: SellerRateLimit[]) => rows.map((r) => Object.assign(new RateLimitType(), r));

/** Request budgets: sellers read theirs; operators fit them to a seller's contracted volume. */
@Resolver()
export class RateLimitResolver {
  @Query(() => [RateLimitType], { description: "the caller's seller's request budgets" })
  async rateLimits(@Ctx() ctx: GqlContext) {
    return toGql(await ctx.services.rateLimits.limitsOf(requireSeller(ctx).id));
  }

  @Query(() => [RateLimitType], { description: "operators only: a seller's request budgets" })
  async sellerRateLimits(@Ctx() ctx: GqlContext, @Arg('sellerId', () => ID) sellerId: string) {
    requireOperatorUser(ctx);
    return toGql(await ctx.services.rateLimits.limitsOf(sellerId));
  }

  @Mutation(() => [RateLimitType], { description: "operators only: a seller's budget for one class; perMinute null restores the default" })
  async setSellerRateLimit(
    @Ctx() ctx: GqlContext,
    @Arg('sellerId', () => ID) sellerId: string,
    @Arg('limitClass', () => LimitClassGql) limitClass: LimitClassGql,
    @Arg('perMinute', () => Int, { nullable: true, description: '1 to 1000000 requests per minute' }) perMinute: number | null,
  ) {
    return toGql(await ctx.services.commands.setSellerRateLimit({ operator: requireOperatorUser(ctx), sellerId, limitClass, perMinute }));
  }
}

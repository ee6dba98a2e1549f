import { Ctx, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireOperatorUser } from '../context';
import { PayoutFloatType } from '../types/payout-float.types';

/** Operators' view of the platform's float at the payout PSP. */
@Resolver()
export class PayoutFloatResolver {
  @Query(() => PayoutFloatType, { description: "operators only: the platform's balance at the payout PSP (PAYOUT_PROVIDER) and the sum of payouts not finished" })
  async payoutFloat(@Ctx() ctx: GqlContext) {
    return PayoutFloatType.from(await ctx.services.payoutFloat.view(requireOperatorUser(ctx)));
  }
}

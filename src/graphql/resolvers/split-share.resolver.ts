import { Arg, Ctx, ID, Int, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { LiveEvent } from '../../domain/shared/live-events';
import { type GqlContext, requireSeller } from '../context';
import { SplitShareChangeType, SplitSharePageType, SplitShareType } from '../types/marketplace.types';

/** A recipient's parts of split charges: its own part only. */
@Resolver()
export class SplitShareResolver {
  @Query(() => SplitSharePageType, { description: "the caller's parts, as a recipient, of marketplaces' split charges, newest first" })
  async splitShares(
    @Ctx() ctx: GqlContext,
    @Arg('take', () => Int, { nullable: true, description: '1 to 100, default 20' }) take: number | null,
    @Arg('skip', () => Int, { nullable: true }) skip: number | null,
  ) {
    const page = await ctx.services.splitShares.list(requireSeller(ctx), { take, skip });
    return Object.assign(new SplitSharePageType(), { total: page.total, items: page.items.map((s) => Object.assign(new SplitShareType(), s)) });
  }

  @Query(() => SplitShareType, { description: "the caller's part, as a recipient, of one split charge" })
  async splitShare(@Ctx() ctx: GqlContext, @Arg('transactionId', () => ID) transactionId: string) {
    return Object.assign(new SplitShareType(), await ctx.services.splitShares.one(requireSeller(ctx), transactionId));
  }

  @Subscription(() => SplitShareChangeType, {
    description: "every change of the caller's parts, as a recipient, of split charges (credited, reversed, restored); optionally of one charge",
    topics: 'SPLIT_SHARE_UPDATED',
    topicId: ({ context }: { context: GqlContext }) => requireSeller(context).id,
    filter: ({ payload, args }: { payload: LiveEvent; args: { transactionId?: string | null } }) => !args.transactionId || payload.resourceId === args.transactionId,
  })
  splitShareUpdated(@Root() event: LiveEvent, @Arg('transactionId', () => ID, { nullable: true }) _transactionId: string | null): SplitShareChangeType {
    return SplitShareChangeType.fromView(event.payload);
  }
}

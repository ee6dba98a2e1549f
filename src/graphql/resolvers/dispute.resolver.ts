import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { offsetPage } from '../types/page';
import { disputeView } from '../../domain/disputes/dispute-view';
import { evidenceView } from '../../domain/disputes/evidence';
import type { LiveEvent } from '../../domain/shared/live-events';
import { type GqlContext, requireOperatorUser, requireSeller } from '../context';
import { DisputeEvidenceType, DisputeOriginGql, DisputeOutcomeGql, DisputePageType, DisputeStatusGql, DisputeType } from '../types/dispute.types';

/** Disputes: the same queries and decision path as the REST door and the institution. */
@Resolver(() => DisputeType)
export class DisputeResolver {
  @Query(() => DisputeType)
  async dispute(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return DisputeType.fromView(disputeView(await ctx.services.disputeQueries.get(requireSeller(ctx).id, id)));
  }

  @FieldResolver(() => [DisputeEvidenceType], { description: "the appeal's files, oldest first; read when asked for (the caller's seller's disputes only)" })
  async evidence(@Root() dispute: DisputeType, @Ctx() ctx: GqlContext) {
    const { evidence } = await ctx.services.disputeQueries.detail(requireSeller(ctx).id, dispute.id);
    return evidence.map((f) => DisputeEvidenceType.fromView(evidenceView(f)));
  }

  @Query(() => DisputePageType, { description: 'newest first; startDate / endDate: YYYY-MM-DD (UTC days of creation, inclusive)' })
  async disputes(
    @Ctx() ctx: GqlContext,
    @Arg('take', () => Int, { nullable: true, description: '1 to 100, default 10' }) take: number | null,
    @Arg('skip', () => Int, { nullable: true }) skip: number | null,
    @Arg('status', () => DisputeStatusGql, { nullable: true }) status: string | null,
    @Arg('origin', () => DisputeOriginGql, { nullable: true }) origin: string | null,
    @Arg('transactionId', () => ID, { nullable: true }) transactionId: string | null,
    @Arg('startDate', () => String, { nullable: true }) startDate: string | null,
    @Arg('endDate', () => String, { nullable: true }) endDate: string | null,
  ) {
    const page = await ctx.services.disputeQueries.list(requireSeller(ctx).id, { take, skip, status, origin, transactionId, startDate, endDate });
    return Object.assign(new DisputePageType(), offsetPage(page.items.map((d) => DisputeType.fromView(disputeView(d))), page.total, page.take, page.skip));
  }

  @Mutation(() => DisputeType, { description: 'operators only: decides an OPEN or UNDER_REVIEW dispute, the same path as the institution\'s decision' })
  async decideDispute(@Ctx() ctx: GqlContext, @Arg('disputeId', () => ID) disputeId: string, @Arg('outcome', () => DisputeOutcomeGql) outcome: DisputeOutcomeGql) {
    return DisputeType.fromView((await ctx.services.commands.decideDispute({ operator: requireOperatorUser(ctx), disputeId, outcome })).view);
  }

  @Subscription(() => DisputeType, {
    description: "every change of the caller's seller's disputes (creation, appeal, decision); optionally one dispute",
    topics: 'DISPUTE_UPDATED',
    topicId: ({ context }: { context: GqlContext }) => requireSeller(context).id,
    filter: ({ payload, args }: { payload: LiveEvent; args: { id?: string | null } }) => !args.id || payload.resourceId === args.id,
  })
  disputeUpdated(@Root() event: LiveEvent, @Arg('id', () => ID, { nullable: true }) _id: string | null): DisputeType {
    return DisputeType.fromView(event.payload);
  }
}

import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { offsetPage } from '../types/page';
import { Money } from '../types/money.scalar';
import type { LiveEvent } from '../../domain/shared/live-events';
import { parseWithdrawalListQuery } from '../../domain/withdrawals/withdrawal-list-query';
import { withdrawalDetailView } from '../../domain/withdrawals/withdrawal-view';
import { type GqlContext, requirePrincipal, requireSeller } from '../context';
import { CreateWithdrawalInput, WithdrawalPageType, WithdrawalStatusGql, WithdrawalType } from '../types/withdrawal.types';

/** PIX withdrawals: the same use cases and rules as the REST door. */
@Resolver()
export class WithdrawalResolver {
  @Query(() => WithdrawalType)
  async withdrawal(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return WithdrawalType.fromView(withdrawalDetailView(await ctx.services.withdrawals.get(requireSeller(ctx).id, id)));
  }

  @Query(() => WithdrawalPageType, {
    description:
      'newest first. startDate / endDate: YYYY-MM-DD (UTC days, inclusive); minAmount / maxAmount cents, inclusive; metadataValue: case-insensitive substring of metadata[metadataKey]; search: substring of id, externalReference, end2end or pixKey',
  })
  async withdrawals(
    @Ctx() ctx: GqlContext,
    @Arg('take', () => Int, { nullable: true, description: '1 to 100, default 10' }) take: number | null,
    @Arg('skip', () => Int, { nullable: true }) skip: number | null,
    @Arg('status', () => WithdrawalStatusGql, { nullable: true }) status: string | null,
    @Arg('method', () => String, { nullable: true }) method: string | null,
    @Arg('startDate', () => String, { nullable: true }) startDate: string | null,
    @Arg('endDate', () => String, { nullable: true }) endDate: string | null,
    @Arg('id', () => ID, { nullable: true }) id: string | null,
    @Arg('minAmount', () => Money, { nullable: true }) minAmount: number | null,
    @Arg('maxAmount', () => Money, { nullable: true }) maxAmount: number | null,
    @Arg('metadataKey', () => String, { nullable: true }) metadataKey: string | null,
    @Arg('metadataValue', () => String, { nullable: true }) metadataValue: string | null,
    @Arg('search', () => String, { nullable: true }) search: string | null,
  ) {
    const { filter } = parseWithdrawalListQuery(requireSeller(ctx).id, { take, skip, status, method, startDate, endDate, id, minAmount, maxAmount, metadataKey, metadataValue, search });
    const { items, total } = await ctx.services.withdrawals.list(filter);
    return Object.assign(new WithdrawalPageType(), offsetPage(items.map((w) => WithdrawalType.fromView(withdrawalDetailView(w))), total, filter.take, filter.skip));
  }

  @Mutation(() => WithdrawalType, {
    description: 'debits amount + plan fee at once; idempotencyKey as the REST Idempotency-Key (kept 72 h); totpCode required when the caller (or the API key owner) has 2FA active',
  })
  async createWithdrawal(
    @Ctx() ctx: GqlContext,
    @Arg('input', () => CreateWithdrawalInput) input: CreateWithdrawalInput,
    @Arg('idempotencyKey', () => String) idempotencyKey: string,
    @Arg('totpCode', () => String, { nullable: true }) totpCode: string | null,
  ) {
    const result = await ctx.services.commands.createWithdrawal({
      seller: requireSeller(ctx),
      user: requirePrincipal(ctx).user,
      input: JSON.parse(JSON.stringify(input)) as unknown,
      idempotencyKey,
      totpCode,
      address: ctx.address,
    });
    return WithdrawalType.fromView(result.view);
  }

  @Subscription(() => WithdrawalType, {
    description: "every status change of the caller's seller's withdrawals (creation included); optionally one withdrawal",
    topics: 'WITHDRAWAL_UPDATED',
    topicId: ({ context }: { context: GqlContext }) => requireSeller(context).id,
    filter: ({ payload, args }: { payload: LiveEvent; args: { id?: string | null } }) => !args.id || payload.resourceId === args.id,
  })
  withdrawalUpdated(@Root() event: LiveEvent, @Arg('id', () => ID, { nullable: true }) _id: string | null): WithdrawalType {
    return WithdrawalType.fromView(event.payload);
  }
}

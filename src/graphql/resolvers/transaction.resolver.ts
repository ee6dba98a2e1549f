import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { offsetPage } from '../types/page';
import { Money } from '../types/money.scalar';
import type { LiveEvent } from '../../domain/shared/live-events';
import { transactionView } from '../../domain/transactions/transaction-view';
import { parseTransactionListQuery } from '../../domain/transactions/transaction-list-query';
import { type GqlContext, requireSeller } from '../context';
import { RefundSplitInput } from '../types/marketplace.types';
import { CreateTransactionInput, TransactionPageType, TransactionStatusGql, TransactionType } from '../types/transaction.types';

/** PIX charges: the same use cases as the REST door. */
@Resolver()
export class TransactionResolver {
  @Query(() => TransactionType)
  async transaction(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    const t = await ctx.services.transactions.get(requireSeller(ctx).id, id);
    return TransactionType.fromView(await ctx.services.splitChargeQueries.withSplit(t, transactionView(t)));
  }

  @Query(() => TransactionPageType, {
    description: 'newest first; createdFrom / createdUntil are inclusive ISO 8601 date-times; search: case-insensitive substring of id, description, merchantOrderId or end2endId',
  })
  async transactions(
    @Ctx() ctx: GqlContext,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 500, default 50' }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Arg('status', () => TransactionStatusGql, { nullable: true }) status: string | null,
    @Arg('paymentMethod', () => String, { nullable: true }) paymentMethod: string | null,
    @Arg('createdFrom', () => Date, { nullable: true }) createdFrom: Date | null,
    @Arg('createdUntil', () => Date, { nullable: true }) createdUntil: Date | null,
    @Arg('search', () => String, { nullable: true }) search: string | null,
  ) {
    const filter = parseTransactionListQuery(requireSeller(ctx).id, {
      limit: limit ?? undefined,
      offset: offset ?? undefined,
      status: status ?? undefined,
      paymentMethod: paymentMethod ?? undefined,
      createdFrom: createdFrom?.toISOString(),
      createdUntil: createdUntil?.toISOString(),
      search: search ?? undefined,
    });
    const { items, total } = await ctx.services.transactions.list(filter);
    return Object.assign(new TransactionPageType(), offsetPage(items.map((t) => TransactionType.fromView(transactionView(t))), total, filter.limit, filter.offset));
  }

  @Mutation(() => TransactionType, { description: 'idempotencyKey: as the REST Idempotency-Key (kept 24 h)' })
  async createTransaction(
    @Ctx() ctx: GqlContext,
    @Arg('input', () => CreateTransactionInput) input: CreateTransactionInput,
    @Arg('idempotencyKey', () => String) idempotencyKey: string,
  ) {
    const body = JSON.parse(JSON.stringify(input)) as unknown;
    const result = await ctx.services.commands.createCharge({ seller: requireSeller(ctx), input: body, idempotencyKey });
    return TransactionType.fromView(result.view);
  }

  @Mutation(() => TransactionType, { description: 'total when amount is omitted; needs available balance' })
  async refundTransaction(
    @Ctx() ctx: GqlContext,
    @Arg('id', () => ID) id: string,
    @Arg('amount', () => Money, { nullable: true }) amount: number | null,
    @Arg('idempotencyKey', () => String) idempotencyKey: string,
    @Arg('splits', () => [RefundSplitInput], { nullable: true, description: 'split charges: what named recipients give back (the marketplace the rest); default pro rata' }) splits: RefundSplitInput[] | null,
  ) {
    const input = { ...(amount == null ? {} : { amount }), ...(splits?.length ? { splits: splits.map((s) => ({ recipientId: s.recipientId, amount: s.amount })) } : {}) };
    const result = await ctx.services.commands.refund({ seller: requireSeller(ctx), transactionId: id, input, idempotencyKey });
    return TransactionType.fromView(result.view);
  }

  @Subscription(() => TransactionType, {
    description: "every status change of the caller's seller's transactions; optionally one transaction",
    topics: 'TRANSACTION_UPDATED',
    topicId: ({ context }: { context: GqlContext }) => requireSeller(context).id,
    filter: ({ payload, args }: { payload: LiveEvent; args: { id?: string | null } }) => !args.id || payload.resourceId === args.id,
  })
  transactionUpdated(@Root() event: LiveEvent, @Arg('id', () => ID, { nullable: true }) _id: string | null): TransactionType {
    return TransactionType.fromView(event.payload);
  }
}

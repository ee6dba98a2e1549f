import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { refundView } from '../../domain/transactions/refund-view';
import { type GqlContext, requireSeller } from '../context';
import { RefundType } from '../types/refund.types';
import { TransactionType } from '../types/transaction.types';

/**
 * A transaction's refunds, read only when asked for (the REST door's `GET …/{id}/refunds`),
 * those of every transaction in the answer in one query (RefundLoader).
 */
@Resolver(() => TransactionType)
export class TransactionRefundsResolver {
  @FieldResolver(() => [RefundType], { description: 'oldest first, each with where its devolução stands at the payment institution' })
  async refunds(@Root() t: TransactionType, @Ctx() ctx: GqlContext): Promise<RefundType[]> {
    const refunds = await ctx.refunds.load(requireSeller(ctx).id, t.id);
    return refunds.map((r) => RefundType.fromView(refundView(r)));
  }
}

import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { DomainError } from '../../domain/shared/errors';
import { transactionView } from '../../domain/transactions/transaction-view';
import { type GqlContext, requireSeller } from '../context';
import { TransactionType } from '../types/transaction.types';

/** The schema is the same in every mode; production refuses these as the REST door has no such paths. */
function requireSandbox(ctx: GqlContext): void {
  if (ctx.services.mode !== 'sandbox') throw new DomainError('SANDBOX_ONLY', 'sandbox simulations do not exist in production mode', 'NOT_FOUND');
}

/** Sandbox simulations: the same actions as POST /v1/sandbox/transactions/:id/{pay,report}. */
@Resolver()
export class SandboxResolver {
  @Mutation(() => TransactionType, { description: 'sandbox only: the simulated payer pays this charge now' })
  async sandboxPayTransaction(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    requireSandbox(ctx);
    return TransactionType.fromView(transactionView(await ctx.services.sandbox.payCharge(requireSeller(ctx).id, id)));
  }

  @Mutation(() => TransactionType, { description: 'sandbox only: the simulated institution reports any status (unknown words become FAILED)' })
  async sandboxReportTransaction(
    @Ctx() ctx: GqlContext,
    @Arg('id', () => ID) id: string,
    @Arg('status', () => String) status: string,
    @Arg('refusedReason', () => String, { nullable: true }) refusedReason: string | null,
  ) {
    requireSandbox(ctx);
    const outcome = await ctx.services.sandbox.reportCharge(requireSeller(ctx).id, id, { status, refusedReason: refusedReason ?? undefined });
    return TransactionType.fromView(transactionView(outcome.transaction));
  }
}

import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { DomainError } from '../../domain/shared/errors';
import { type GqlContext, requirePrincipal, requireSeller } from '../context';
import { SandboxInfoType } from '../types/sandbox.types';
import { TransactionType } from '../types/transaction.types';

/** The schema is the same in every mode; production refuses these as the REST door has no such paths. */
function requireSandbox(ctx: GqlContext): void {
  if (ctx.services.mode !== 'sandbox') throw new DomainError('SANDBOX_ONLY', 'sandbox simulations do not exist in production mode', 'NOT_FOUND');
}

/** Sandbox simulations: the same actions as POST /v1/sandbox/transactions/:id/{pay,report}. */
@Resolver()
export class SandboxResolver {
  @Query(() => SandboxInfoType, { nullable: true, description: 'null in production mode; in the sandbox, the test values it accepts' })
  sandbox(@Ctx() ctx: GqlContext) {
    requirePrincipal(ctx);
    return ctx.services.mode === 'sandbox' ? SandboxInfoType.current() : null;
  }

  @Mutation(() => TransactionType, { description: 'sandbox only: the simulated payer pays this charge now; paymentDate (YYYY-MM-DD): a charge with a due date is paid as on that day' })
  async sandboxPayTransaction(
    @Ctx() ctx: GqlContext,
    @Arg('id', () => ID) id: string,
    @Arg('paymentDate', () => String, { nullable: true }) paymentDate: string | null,
  ) {
    requireSandbox(ctx);
    const input = paymentDate == null ? {} : { paymentDate };
    return TransactionType.fromView((await ctx.services.commands.sandboxPayCharge({ seller: requireSeller(ctx), transactionId: id, input })).view);
  }

  @Mutation(() => TransactionType, { description: 'sandbox only: the simulated institution reports any status (unknown words become FAILED)' })
  async sandboxReportTransaction(
    @Ctx() ctx: GqlContext,
    @Arg('id', () => ID) id: string,
    @Arg('status', () => String) status: string,
    @Arg('refusedReason', () => String, { nullable: true }) refusedReason: string | null,
  ) {
    requireSandbox(ctx);
    const r = await ctx.services.commands.sandboxReportCharge({ seller: requireSeller(ctx), transactionId: id, input: { status, refusedReason } });
    return TransactionType.fromView(r.view.transaction);
  }
}

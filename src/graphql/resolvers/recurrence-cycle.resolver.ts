import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { DomainError } from '../../domain/shared/errors';
import { type GqlContext, requireSeller } from '../context';
import { Money } from '../types/money.scalar';
import { RecurrenceCycleType, SandboxRecurrenceClockType } from '../types/recurrence-cycle.types';
import { RecurrenceType } from '../types/recurrence.types';

/** A recurrence's cycles, the next variable amount and the sandbox clock: the same commands and queries as the REST door. */
@Resolver(() => RecurrenceType)
export class RecurrenceCycleResolver {
  @FieldResolver(() => [RecurrenceCycleType], { description: 'by number, each with its charge and attempts' })
  async cycles(@Ctx() ctx: GqlContext, @Root() recurrence: RecurrenceType) {
    return (await ctx.services.recurrenceQueries.cycles(requireSeller(ctx).id, recurrence.id)).map((c) => RecurrenceCycleType.fromView(c));
  }

  @Mutation(() => RecurrenceType, { description: 'VARIABLE recurrences: the amount of the next cycle, at least the minimum' })
  async setRecurrenceNextCycleAmount(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string, @Arg('amount', () => Money) amount: number) {
    return RecurrenceType.fromView((await ctx.services.commands.setNextCycleAmount({ seller: requireSeller(ctx), recurrenceId: id, input: { amount } })).view);
  }

  @Mutation(() => SandboxRecurrenceClockType, { description: 'sandbox only: the recurrence’s clock moves to the day its next cycle’s window opens, and that cycle is made' })
  async sandboxAdvanceRecurrence(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    if (ctx.services.mode !== 'sandbox') throw new DomainError('SANDBOX_ONLY', 'sandbox simulations do not exist in production mode', 'NOT_FOUND');
    const { view } = await ctx.services.commands.sandboxAdvanceRecurrenceClock({ seller: requireSeller(ctx), recurrenceId: id });
    return SandboxRecurrenceClockType.fromView(view);
  }
}

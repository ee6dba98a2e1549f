import { Arg, Ctx, ID, Int, Mutation, Resolver } from 'type-graphql';
import type { CycleView } from '../../domain/recurrences/cycle-view';
import type { SandboxPayerAction } from '../../domain/recurrences/recurrence.commands';
import type { RecurrenceView } from '../../domain/recurrences/recurrence-view';
import { DomainError } from '../../domain/shared/errors';
import { type GqlContext, requireSeller } from '../context';
import { RecurrenceCycleType } from '../types/recurrence-cycle.types';
import { RecurrenceType } from '../types/recurrence.types';

const REASON = { nullable: true, description: 'the payer’s side’s words, at most 140 characters' } as const;

function sandboxOnly(ctx: GqlContext): void {
  if (ctx.services.mode !== 'sandbox') throw new DomainError('SANDBOX_ONLY', 'sandbox simulations do not exist in production mode', 'NOT_FOUND');
}

/**
 * Sandbox only: the simulated payer's side of a recurrence, the same commands as the REST
 * door's /v1/sandbox/recurrences/{id}/approve, /reject, /cancel and
 * /cycles/{number}/pay and /fail.
 */
@Resolver()
export class RecurrenceSandboxResolver {
  @Mutation(() => RecurrenceType, { description: 'sandbox only: the payer authorises the recurrence in their bank' })
  sandboxApproveRecurrence(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return this.payerActs(ctx, id, 'approve', null);
  }

  @Mutation(() => RecurrenceType, { description: 'sandbox only: the payer refuses the recurrence in their bank' })
  sandboxRejectRecurrence(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string, @Arg('reason', () => String, REASON) reason: string | null) {
    return this.payerActs(ctx, id, 'reject', reason);
  }

  @Mutation(() => RecurrenceType, { description: 'sandbox only: the payer cancels the recurrence in their bank (endedBy PAYER)' })
  sandboxPayerCancelRecurrence(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string, @Arg('reason', () => String, REASON) reason: string | null) {
    return this.payerActs(ctx, id, 'cancel', reason);
  }

  @Mutation(() => RecurrenceCycleType, { description: 'sandbox only: the payer’s institution settles an ACTIVE cycle (its charge paid as any other)' })
  async sandboxPayRecurrenceCycle(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string, @Arg('number', () => Int) number: number) {
    sandboxOnly(ctx);
    const { view } = await ctx.services.commands.sandboxPayCycle({ seller: requireSeller(ctx), recurrenceId: id, number });
    return RecurrenceCycleType.fromView(view as CycleView);
  }

  @Mutation(() => RecurrenceCycleType, { description: 'sandbox only: an attempt of an ACTIVE cycle fails; the retry policy decides the next one' })
  async sandboxFailRecurrenceCycle(
    @Ctx() ctx: GqlContext,
    @Arg('id', () => ID) id: string,
    @Arg('number', () => Int) number: number,
    @Arg('reason', () => String, REASON) reason: string | null,
  ) {
    sandboxOnly(ctx);
    const { view } = await ctx.services.commands.sandboxFailCycle({ seller: requireSeller(ctx), recurrenceId: id, number, input: reason === null ? {} : { reason } });
    return RecurrenceCycleType.fromView(view as CycleView);
  }

  private async payerActs(ctx: GqlContext, id: string, action: SandboxPayerAction, reason: string | null) {
    sandboxOnly(ctx);
    const { view } = await ctx.services.commands.sandboxPayerActsOnRecurrence({ seller: requireSeller(ctx), recurrenceId: id, action, input: reason === null ? {} : { reason } });
    return RecurrenceType.fromView(view as RecurrenceView);
  }
}

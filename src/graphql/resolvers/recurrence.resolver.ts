import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { offsetPage } from '../types/page';
import { type GqlContext, requireSeller } from '../context';
import { CreateRecurrenceInput, RecurrencePageType, RecurrenceType } from '../types/recurrence.types';

/** PIX Automático recurrences: the same commands and queries as the REST door. */
@Resolver(() => RecurrenceType)
export class RecurrenceResolver {
  @Query(() => RecurrenceType)
  async recurrence(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string) {
    return RecurrenceType.fromView(await ctx.services.recurrenceQueries.get(requireSeller(ctx).id, id));
  }

  @Query(() => RecurrencePageType, { description: 'newest first' })
  async recurrences(
    @Ctx() ctx: GqlContext,
    @Arg('take', () => Int, { nullable: true, description: '1 to 100, default 10' }) take: number | null,
    @Arg('skip', () => Int, { nullable: true }) skip: number | null,
    @Arg('status', () => String, { nullable: true }) status: string | null,
  ) {
    const page = await ctx.services.recurrenceQueries.list(requireSeller(ctx).id, { take: take ?? undefined, skip: skip ?? undefined, status: status ?? undefined });
    return Object.assign(new RecurrencePageType(), offsetPage(page.items.map((r) => RecurrenceType.fromView(r)), page.total, page.take, page.skip));
  }

  @Mutation(() => RecurrenceType, { description: 'idempotencyKey as the REST Idempotency-Key (kept 24 h)' })
  async createRecurrence(@Ctx() ctx: GqlContext, @Arg('input', () => CreateRecurrenceInput) input: CreateRecurrenceInput, @Arg('idempotencyKey', () => String) idempotencyKey: string) {
    const result = await ctx.services.commands.createRecurrence({ seller: requireSeller(ctx), input: JSON.parse(JSON.stringify(input)) as unknown, idempotencyKey });
    return RecurrenceType.fromView(result.view);
  }

  @Mutation(() => RecurrenceType, { description: 'the seller ends the recurrence; no further cycle is charged' })
  async cancelRecurrence(@Ctx() ctx: GqlContext, @Arg('id', () => ID) id: string, @Arg('reason', () => String, { nullable: true }) reason: string | null) {
    return RecurrenceType.fromView((await ctx.services.commands.cancelRecurrence({ seller: requireSeller(ctx), recurrenceId: id, input: { reason } })).view);
  }
}

import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { DataRequest } from '../../domain/privacy/data-subject.types';
import { validationError } from '../../domain/shared/errors';
import { type GqlContext, requireOperatorUser, requirePrincipal } from '../context';
import { DataExportType, DataRequestEventType, DataRequestKindGql, DataRequestStatusGql, DataRequestType } from '../types/data-request.types';

const STEP_UP = 'with an API key whose owner has 2FA on: a current TOTP code (MFA_REQUIRED without it)';

/** Data-subject rights: the user's export and erasure requests, and the operators' queue. */
@Resolver(() => DataRequestType)
export class DataRequestResolver {
  @Query(() => DataExportType, { description: 'your personal data and your seller\'s; large accounts get it by e-mail (queued)' })
  async exportMyData(@Ctx() ctx: GqlContext, @Arg('twoFactorCode', () => String, { nullable: true, description: STEP_UP }) twoFactorCode: string | null) {
    const answer = await ctx.services.commands.requestDataExport({ principal: requirePrincipal(ctx), twoFactorCode, address: ctx.address });
    return Object.assign(new DataExportType(), answer.queued
      ? { queued: true, requestId: answer.request.id, requestedAt: answer.request.requestedAt, data: null }
      : { queued: false, requestId: null, requestedAt: null, data: answer.data });
  }

  @Mutation(() => DataRequestType, { description: 'asks for erasure of your account\'s personal data; an open request is answered instead of a new one' })
  async requestErasure(
    @Ctx() ctx: GqlContext,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Arg('twoFactorCode', () => String, { nullable: true, description: STEP_UP }) twoFactorCode: string | null,
  ) {
    const { request } = await ctx.services.commands.requestErasure({ principal: requirePrincipal(ctx), input: { reason }, twoFactorCode, address: ctx.address });
    return this.view(ctx, request);
  }

  @Query(() => [DataRequestType], { description: 'your data-subject requests, newest first' })
  async myDataRequests(@Ctx() ctx: GqlContext) {
    const list = await ctx.services.erasure.listMine(requirePrincipal(ctx).user);
    return list.map((r) => this.view(ctx, r));
  }

  @Query(() => [DataRequestType], { description: 'operators only: requests, overdue first, then by due date' })
  async dataRequests(
    @Ctx() ctx: GqlContext,
    @Arg('status', () => DataRequestStatusGql, { nullable: true }) status: DataRequestStatusGql | null,
    @Arg('kind', () => DataRequestKindGql, { nullable: true }) kind: DataRequestKindGql | null,
    @Arg('dueBefore', () => Date, { nullable: true }) dueBefore: Date | null,
    @Arg('take', () => Int, { nullable: true, defaultValue: 50 }) take: number,
    @Arg('skip', () => Int, { nullable: true, defaultValue: 0 }) skip: number,
  ) {
    if (!Number.isInteger(take) || take < 1 || take > 200 || !Number.isInteger(skip) || skip < 0) {
      throw validationError('INVALID_PAGINATION', 'take is 1 to 200 and skip >= 0');
    }
    const list = await ctx.services.erasure.list(requireOperatorUser(ctx), { status: status ?? undefined, kind: kind ?? undefined, dueBefore: dueBefore ?? undefined, take, skip });
    return list.map((r) => this.view(ctx, r));
  }

  @Mutation(() => DataRequestType, { description: 'operators only: anonymises the account as the personal-data inventory says, revokes its keys and sessions' })
  async executeErasure(@Ctx() ctx: GqlContext, @Arg('requestId', () => ID) requestId: string) {
    return this.view(ctx, await ctx.services.commands.executeErasure({ operator: requireOperatorUser(ctx), requestId }));
  }

  @Mutation(() => DataRequestType, { description: 'operators only: closes an open erasure request without erasing; reason mandatory' })
  async rejectErasure(@Ctx() ctx: GqlContext, @Arg('requestId', () => ID) requestId: string, @Arg('reason', () => String) reason: string) {
    return this.view(ctx, await ctx.services.commands.rejectErasure({ operator: requireOperatorUser(ctx), requestId, reason }));
  }

  @FieldResolver(() => [DataRequestEventType], { description: 'every step, oldest first' })
  async history(@Ctx() ctx: GqlContext, @Root() request: DataRequestType) {
    const events = await ctx.services.erasure.history(requirePrincipal(ctx).user, { id: request.requestId, userId: request.userId });
    return events.map(DataRequestEventType.from);
  }

  private view(ctx: GqlContext, r: DataRequest): DataRequestType {
    return DataRequestType.from(r, ctx.services.clock.now());
  }
}

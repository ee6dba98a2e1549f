import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { DIFFERENCES_TAKE_DEFAULT, DIFFERENCES_TAKE_MAX } from '../../domain/reconciliation/difference-page';
import { type GqlContext, requireOperatorUser } from '../context';
import { ReconciliationReportType } from '../types/reconciliation.types';

/** Operators' daily reconciliation with the PSP. */
@Resolver()
export class ReconciliationResolver {
  @Query(() => ReconciliationReportType, { description: "operators only: a day's reconciliation with the PSP (INSTITUTION=apipix), from what the worker's sweeps recorded" })
  async reconciliationReport(
    @Ctx() ctx: GqlContext,
    @Arg('date', () => String, { description: 'a civil day of America/Sao_Paulo, YYYY-MM-DD' }) date: string,
    @Arg('take', () => Int, { nullable: true, description: `differences per page: 1 to ${DIFFERENCES_TAKE_MAX}, default ${DIFFERENCES_TAKE_DEFAULT}` }) take: number | null,
    @Arg('cursor', () => String, { nullable: true, description: 'differences.endCursor of the previous page' }) cursor: string | null,
    @Arg('payoutsTake', () => Int, { nullable: true, description: `payout differences per page: 1 to ${DIFFERENCES_TAKE_MAX}, default ${DIFFERENCES_TAKE_DEFAULT}` }) payoutsTake: number | null,
    @Arg('payoutsCursor', () => String, { nullable: true, description: 'payouts.differences.endCursor of the previous page' }) payoutsCursor: string | null,
  ) {
    const paging = { take, cursor, payoutsTake, payoutsCursor };
    return ReconciliationReportType.from(await ctx.services.reconciliationReports.forDay(requireOperatorUser(ctx), date, paging));
  }
}

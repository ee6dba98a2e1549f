import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireOperatorUser } from '../context';
import { ReconciliationReportType } from '../types/reconciliation.types';

/** Operators' daily reconciliation with the PSP. */
@Resolver()
export class ReconciliationResolver {
  @Query(() => ReconciliationReportType, { description: "operators only: a day's reconciliation with the PSP (INSTITUTION=apipix), from what the worker's sweeps recorded" })
  async reconciliationReport(@Ctx() ctx: GqlContext, @Arg('date', () => String, { description: 'a civil day of America/Sao_Paulo, YYYY-MM-DD' }) date: string) {
    return ReconciliationReportType.from(await ctx.services.reconciliationReports.forDay(requireOperatorUser(ctx), date));
  }
}

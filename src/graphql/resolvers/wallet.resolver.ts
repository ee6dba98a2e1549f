import { Arg, Ctx, Int, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { WalletUpdatedPayload } from '../../domain/ledger/ledger.service';
import type { LiveEvent } from '../../domain/shared/live-events';
import { type GqlContext, requireSeller } from '../context';
import {
  BalanceType,
  StatementPageType,
  StatementEntryTypeGql,
  StatementSummaryType,
  WalletType,
  WalletUpdateType,
} from '../types/wallet.types';

/** The seller's money, for dashboard sessions of a seller's user and for API keys. */
@Resolver()
export class WalletResolver {
  @Query(() => WalletType, { description: 'balances per method and the latest movements' })
  async wallet(@Ctx() ctx: GqlContext) {
    return WalletType.from(await ctx.services.wallet.wallet(requireSeller(ctx)));
  }

  @Query(() => BalanceType)
  async balance(@Ctx() ctx: GqlContext) {
    return BalanceType.from(await ctx.services.wallet.balance(requireSeller(ctx)));
  }

  @Query(() => StatementPageType, {
    description:
      'statement entries, newest first. cursor: the endCursor (id of the last entry) of the previous page. ' +
      'startDate / endDate: YYYY-MM-DD, inclusive, UTC days.',
  })
  async statement(
    @Ctx() ctx: GqlContext,
    @Arg('take', () => Int, { nullable: true, description: '1 to 100, default 10' }) take: number | null,
    @Arg('skip', () => Int, { nullable: true, description: 'applied after the cursor; default 0' }) skip: number | null,
    @Arg('cursor', () => String, { nullable: true }) cursor: string | null,
    @Arg('startDate', () => String, { nullable: true }) startDate: string | null,
    @Arg('endDate', () => String, { nullable: true }) endDate: string | null,
    @Arg('operationType', () => StatementEntryTypeGql, { nullable: true }) operationType: StatementEntryTypeGql | null,
  ) {
    const page = await ctx.services.wallet.statement(requireSeller(ctx), { take, skip, cursor, startDate, endDate, operationType });
    return StatementPageType.from(page);
  }

  @Query(() => StatementSummaryType, { description: 'totals over whole UTC days; both dates optional' })
  async statementSummary(
    @Ctx() ctx: GqlContext,
    @Arg('startDate', () => String, { nullable: true }) startDate: string | null,
    @Arg('endDate', () => String, { nullable: true }) endDate: string | null,
  ) {
    return StatementSummaryType.from(await ctx.services.wallet.summary(requireSeller(ctx), { startDate, endDate }));
  }

  @Subscription(() => WalletUpdateType, {
    description: "fires after each committed journal entry that changes the caller's seller balances",
    topics: 'WALLET_UPDATED',
    topicId: ({ context }: { context: GqlContext }) => requireSeller(context).id,
  })
  walletUpdated(@Root() event: LiveEvent): WalletUpdateType {
    return WalletUpdateType.from(event.payload as unknown as WalletUpdatedPayload);
  }
}

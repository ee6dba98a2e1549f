import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireOperatorUser } from '../context';
import { Money } from '../types/money.scalar';
import { LedgerEntryType, PlatformAccountBalanceType, WalletMethodGql } from '../types/wallet.types';

const STEP_UP = 'the operator\'s current TOTP code: required (the operator must have 2FA on); never the operator\'s own seller';

/** Operators' ledger tools: manual corrections (ordinary journal entries) and platform balances. */
@Resolver()
export class LedgerAdminResolver {
  @Mutation(() => LedgerEntryType, { description: 'operators only: credits a seller; reason mandatory (<= 500 chars)' })
  async creditSellerManually(
    @Ctx() ctx: GqlContext,
    @Arg('sellerId', () => ID) sellerId: string,
    @Arg('amount', () => Money, { description: 'cents, > 0' }) amount: number,
    @Arg('reason', () => String) reason: string,
    @Arg('method', () => WalletMethodGql, { nullable: true, defaultValue: WalletMethodGql.PIX }) method: WalletMethodGql,
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'the same key for the same seller posts once' }) idempotencyKey: string | null,
    @Arg('twoFactorCode', () => String, { nullable: true, description: STEP_UP }) twoFactorCode: string | null,
  ) {
    const operator = requireOperatorUser(ctx);
    return LedgerEntryType.from(await ctx.services.commands.creditSellerManually({ operator, input: { sellerId, amount, reason, method, idempotencyKey }, twoFactorCode, address: ctx.address }));
  }

  @Mutation(() => LedgerEntryType, { description: 'operators only: debits a seller\'s available balance; reason mandatory (<= 500 chars)' })
  async debitSellerManually(
    @Ctx() ctx: GqlContext,
    @Arg('sellerId', () => ID) sellerId: string,
    @Arg('amount', () => Money, { description: 'cents, > 0' }) amount: number,
    @Arg('reason', () => String) reason: string,
    @Arg('method', () => WalletMethodGql, { nullable: true, defaultValue: WalletMethodGql.PIX }) method: WalletMethodGql,
    @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | null,
    @Arg('twoFactorCode', () => String, { nullable: true, description: STEP_UP }) twoFactorCode: string | null,
  ) {
    const operator = requireOperatorUser(ctx);
    return LedgerEntryType.from(await ctx.services.commands.debitSellerManually({ operator, input: { sellerId, amount, reason, method, idempotencyKey }, twoFactorCode, address: ctx.address }));
  }

  @Query(() => [PlatformAccountBalanceType], { description: 'operators only: platform accounts, derived from their postings' })
  async platformAccountBalances(@Ctx() ctx: GqlContext) {
    const rows = await ctx.services.ledgerAdmin.platformBalances(requireOperatorUser(ctx));
    return rows.map((r) => Object.assign(new PlatformAccountBalanceType(), r));
  }
}

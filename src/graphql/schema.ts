import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { AccountResolver } from './resolvers/account.resolver';
import { DataRequestResolver } from './resolvers/data-request.resolver';
import { LedgerAdminResolver } from './resolvers/ledger-admin.resolver';
import { PixChargeResolver } from './resolvers/pix-charge.resolver';
import { RateLimitResolver } from './resolvers/rate-limit.resolver';
import { MarketplaceLinkResolver } from './resolvers/marketplace-link.resolver';
import { SplitShareResolver } from './resolvers/split-share.resolver';
import { SandboxResolver } from './resolvers/sandbox.resolver';
import { TransactionResolver } from './resolvers/transaction.resolver';
import { TransactionRefundsResolver } from './resolvers/transaction-refunds.resolver';
import { WalletResolver } from './resolvers/wallet.resolver';
import { WebhookResolver } from './resolvers/webhook.resolver';
import { WithdrawalResolver } from './resolvers/withdrawal.resolver';
import { DisputeResolver } from './resolvers/dispute.resolver';
import { RecurrenceResolver } from './resolvers/recurrence.resolver';
import { RecurrenceCycleResolver } from './resolvers/recurrence-cycle.resolver';
import { RecurrenceSandboxResolver } from './resolvers/recurrence-sandbox.resolver';
import { AppealDisputeResolver } from './resolvers/appeal-dispute.resolver';
import { PayoutFloatResolver } from './resolvers/payout-float.resolver';
import { ReconciliationResolver } from './resolvers/reconciliation.resolver';

export const RESOLVERS = [AccountResolver, WalletResolver, LedgerAdminResolver, TransactionResolver, TransactionRefundsResolver, PixChargeResolver, WebhookResolver, WithdrawalResolver, RateLimitResolver, SandboxResolver, DisputeResolver, AppealDisputeResolver, RecurrenceResolver, RecurrenceCycleResolver, RecurrenceSandboxResolver, DataRequestResolver, ReconciliationResolver, PayoutFloatResolver, MarketplaceLinkResolver, SplitShareResolver] as const;

export async function buildGraphqlSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: [...RESOLVERS], pubSub, validate: false, emitSchemaFile: false });
}

/** The SDL checked in as schema.graphql (sorted so diffs stay readable). */
export function printSdl(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

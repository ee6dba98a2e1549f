import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AmountComponentsType } from './due-date-charge.types';
import { Money } from './money.scalar';
import { PageOf } from './page';
import type { WalletUpdatedPayload } from '../../domain/ledger/ledger.service';
import type { Balance, PostedEntry, StatementEntry, StatementSummary, Wallet } from '../../domain/ledger/ledger.types';
import type { StatementPage } from '../../domain/ledger/wallet.service';


export enum StatementEntryTypeGql {
  CREDIT = 'CREDIT',
  DEBIT = 'DEBIT',
  PENDING_CREDIT = 'PENDING_CREDIT',
  PENDING_DEBIT = 'PENDING_DEBIT',
  RETAINED = 'RETAINED',
  RELEASE_RETAINED = 'RELEASE_RETAINED',
}
registerEnumType(StatementEntryTypeGql, { name: 'StatementEntryType' });

export enum WalletMethodGql {
  PIX = 'PIX',
  BOLETO = 'BOLETO',
  CARD = 'CARD',
}
registerEnumType(WalletMethodGql, { name: 'WalletMethod', description: 'the balance a ledger movement applies to' });

@ObjectType('StatementEntry')
export class StatementEntryType {
  @Field(() => ID) id!: string;
  @Field(() => Money, { description: 'cents' }) amount!: number;
  @Field(() => StatementEntryTypeGql) type!: StatementEntryTypeGql;
  @Field(() => String) description!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => String, { nullable: true }) transactionId!: string | null;
  @Field(() => String, { nullable: true }) withdrawalId!: string | null;
  @Field(() => AmountComponentsType, { nullable: true, description: 'the credit of a paid charge with a due date: what its amount is made of' })
  amountComponents!: AmountComponentsType | null;

  static from(e: StatementEntry): StatementEntryType {
    return Object.assign(new StatementEntryType(), {
      id: e.id,
      amount: e.amount,
      type: e.type as StatementEntryTypeGql,
      description: e.description,
      createdAt: e.createdAt,
      transactionId: e.transactionId ?? null,
      withdrawalId: e.withdrawalId ?? null,
      amountComponents: e.amountComponents ? Object.assign(new AmountComponentsType(), e.amountComponents) : null,
    });
  }
}

@ObjectType('Wallet')
export class WalletType {
  @Field(() => Money) balancePix!: number;
  @Field(() => Money) balanceBoleto!: number;
  @Field(() => Money) balanceCard!: number;
  @Field(() => Money, { description: 'available over all methods' }) balanceTotal!: number;
  @Field(() => Money, { description: 'retained or in dispute' }) balanceBlocked!: number;
  @Field(() => Money, { description: 'owed after returns the balance could not cover; credits pay it first' }) balanceDebt!: number;
  @Field(() => String) currency!: string;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => [StatementEntryType], { description: 'the latest statement entries, newest first' }) recentMovements!: StatementEntryType[];

  static from(w: Wallet): WalletType {
    return Object.assign(new WalletType(), { ...w, recentMovements: w.recentMovements.map(StatementEntryType.from) });
  }
}

@ObjectType('Balance')
export class BalanceType {
  @Field(() => Money) available!: number;
  @Field(() => Money) blocked!: number;
  @Field(() => Money, { description: 'available + blocked' }) total!: number;
  @Field(() => Money, { nullable: true, description: 'owed after returns the balance could not cover; credits pay it first' }) debt!: number | null;
  @Field(() => String) currency!: string;

  static from(b: Balance): BalanceType {
    return Object.assign(new BalanceType(), { debt: null }, b);
  }
}

@ObjectType('StatementPage', { description: 'skip is applied after the cursor' })
export class StatementPageType extends PageOf(StatementEntryType) {
  @Field(() => String, { nullable: true, description: 'the id of the last entry: pass it as `cursor` for the entries after it' }) endCursor!: string | null;

  static from(p: StatementPage): StatementPageType {
    return Object.assign(new StatementPageType(), {
      items: p.items.map((e) => StatementEntryType.from(e)),
      total: p.count,
      take: p.take,
      skip: p.skip,
      hasNextPage: p.hasNextPage,
      endCursor: p.endCursor,
    });
  }
}

@ObjectType('StatementPeriod')
export class StatementPeriodType {
  @Field(() => String, { description: 'YYYY-MM-DD (UTC)' }) startDate!: string;
  @Field(() => String, { description: 'YYYY-MM-DD (UTC), inclusive' }) endDate!: string;
}

@ObjectType('StatementSummary')
export class StatementSummaryType {
  @Field(() => Money) totalCredits!: number;
  @Field(() => Money, { description: 'includes fees' }) totalDebits!: number;
  @Field(() => Money, { description: 'fees charged minus fees returned' }) totalFees!: number;
  @Field(() => Money, { description: 'totalCredits - totalDebits' }) netBalance!: number;
  @Field(() => StatementPeriodType) period!: StatementPeriodType;

  static from(s: StatementSummary): StatementSummaryType {
    return Object.assign(new StatementSummaryType(), { ...s, period: Object.assign(new StatementPeriodType(), s.period) });
  }
}

@ObjectType('WalletUpdate', { description: 'balances right after a journal entry changed them' })
export class WalletUpdateType {
  @Field(() => ID) entryId!: string;
  @Field(() => String) reference!: string;
  @Field(() => String) kind!: string;
  @Field(() => Money) balancePix!: number;
  @Field(() => Money) balanceBoleto!: number;
  @Field(() => Money) balanceCard!: number;
  @Field(() => Money) balanceTotal!: number;
  @Field(() => Money) balanceBlocked!: number;
  @Field(() => String) currency!: string;
  @Field(() => Date) updatedAt!: Date;

  static from(p: WalletUpdatedPayload): WalletUpdateType {
    return Object.assign(new WalletUpdateType(), { ...p, updatedAt: new Date(p.updatedAt) });
  }
}

@ObjectType('LedgerEntry', { description: 'a posted journal entry' })
export class LedgerEntryType {
  @Field(() => ID) id!: string;
  @Field(() => String) reference!: string;
  @Field(() => String) kind!: string;
  @Field(() => ID, { nullable: true }) sellerId!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Boolean, { description: 'false when the reference had been posted before (nothing changed)' }) created!: boolean;
  @Field(() => BalanceType, { nullable: true, description: "the seller's balance after the entry" }) balance!: BalanceType | null;

  static from(e: PostedEntry): LedgerEntryType {
    const w = e.wallet;
    const available = w ? w.availablePix + w.availableBoleto + w.availableCard : 0;
    return Object.assign(new LedgerEntryType(), {
      id: e.id,
      reference: e.reference,
      kind: e.kind,
      sellerId: e.sellerId,
      createdAt: e.createdAt,
      created: e.created,
      balance: w ? BalanceType.from({ available, blocked: w.blocked, total: available + w.blocked, currency: 'BRL' }) : null,
    });
  }
}

@ObjectType('PlatformAccountBalance')
export class PlatformAccountBalanceType {
  @Field(() => String) account!: string;
  @Field(() => Money, { description: 'sum of the postings; may be negative' }) balance!: number;
}

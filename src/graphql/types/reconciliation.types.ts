import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { ReconciliationReport } from '../../domain/reconciliation/reconciliation-report';
import { Money } from './money.scalar';

export enum ReconciliationDifferenceKindGql {
  NOT_CREDITED = 'NOT_CREDITED',
  CREDITED_TWICE = 'CREDITED_TWICE',
  AMOUNT_DIFFERS = 'AMOUNT_DIFFERS',
  NOT_OURS = 'NOT_OURS',
}
registerEnumType(ReconciliationDifferenceKindGql, {
  name: 'ReconciliationDifferenceKind',
  description: 'NOT_CREDITED: a payment of ours the ledger did not credit; CREDITED_TWICE: credited more than once; AMOUNT_DIFFERS: paid with another amount than the charge (not credited); NOT_OURS: no charge of ours has its txid (not credited)',
});

@ObjectType('ReconciliationTotals')
export class ReconciliationTotalsType {
  @Field(() => Int)
  count!: number;

  @Field(() => Money, { description: 'cents' })
  cents!: number;
}

@ObjectType('ReconciliationDifference')
export class ReconciliationDifferenceType {
  @Field(() => String)
  endToEndId!: string;

  @Field(() => ReconciliationDifferenceKindGql)
  kind!: ReconciliationDifferenceKindGql;

  @Field(() => String, { nullable: true })
  txid!: string | null;

  @Field(() => String, { nullable: true, description: 'our charge, when the txid names one' })
  transactionId!: string | null;

  @Field(() => Money, { description: 'cents the PSP received' })
  cents!: number;
}

@ObjectType('ReconciliationReport', { description: "a civil day's (America/Sao_Paulo) received Pix at the PSP against what the ledger credited" })
export class ReconciliationReportType {
  @Field(() => String)
  date!: string;

  @Field(() => ReconciliationTotalsType, { description: 'Pix the PSP listed as received that day' })
  psp!: ReconciliationTotalsType;

  @Field(() => ReconciliationTotalsType, { description: 'PIX charges the ledger credited that day' })
  credited!: ReconciliationTotalsType;

  @Field(() => [ReconciliationDifferenceType])
  differences!: ReconciliationDifferenceType[];

  static from(r: ReconciliationReport): ReconciliationReportType {
    return Object.assign(new ReconciliationReportType(), {
      date: r.date,
      psp: Object.assign(new ReconciliationTotalsType(), r.psp),
      credited: Object.assign(new ReconciliationTotalsType(), r.credited),
      differences: r.differences.map((d) => Object.assign(new ReconciliationDifferenceType(), d)),
    });
  }
}

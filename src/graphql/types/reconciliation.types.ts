import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { PagedPayoutReconciliation, PagedReconciliationReport } from '../../domain/reconciliation/reconciliation-reports';
import { Money } from './money.scalar';
import { PageOf } from './page';

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

@ObjectType('ReconciliationDifferencePage', { description: 'differences sorted by end-to-end id; the next page starts after endCursor' })
export class ReconciliationDifferencePageType extends PageOf(ReconciliationDifferenceType) {
  @Field(() => String, { nullable: true, description: "the cursor of the next page (this page's last end-to-end id)" })
  endCursor!: string | null;
}

export enum PayoutDifferenceKindGql {
  NOT_OURS = 'NOT_OURS',
  NOT_AT_PSP = 'NOT_AT_PSP',
  AMOUNT_DIFFERS = 'AMOUNT_DIFFERS',
  PAID_NOT_SETTLED = 'PAID_NOT_SETTLED',
  SETTLED_NOT_PAID = 'SETTLED_NOT_PAID',
  FAILED_NOT_REFUNDED = 'FAILED_NOT_REFUNDED',
  NOT_DEBITED = 'NOT_DEBITED',
  DEBITED_TWICE = 'DEBITED_TWICE',
}
registerEnumType(PayoutDifferenceKindGql, {
  name: 'PayoutDifferenceKind',
  description:
    'NOT_OURS: the PSP sent a payout no withdrawal of ours names; NOT_AT_PSP: a payout of ours sent that day the PSP does not list; AMOUNT_DIFFERS: another amount than the withdrawal; PAID_NOT_SETTLED: made at the PSP, not recorded as made; SETTLED_NOT_PAID: recorded as made, not made at the PSP; FAILED_NOT_REFUNDED: not made at the PSP, the seller not refunded; NOT_DEBITED / DEBITED_TWICE: the seller debited no time or more than once',
});

@ObjectType('PayoutDifference')
export class PayoutDifferenceType {
  @Field(() => String, { nullable: true, description: "the PSP's end-to-end id (ours when the PSP has none)" })
  endToEndId!: string | null;

  @Field(() => String, { description: "our identifier at the PSP (Efí's idEnvio; Inter: the first word of the payment's description, or Inter's codigoSolicitacao for a payment no identifier names)" })
  pspPayoutId!: string;

  @Field(() => String, { nullable: true })
  withdrawalId!: string | null;

  @Field(() => PayoutDifferenceKindGql)
  kind!: PayoutDifferenceKindGql;

  @Field(() => Money, { description: 'cents the PSP holds (ours when it holds nothing)' })
  cents!: number;
}

@ObjectType('PayoutDifferencePage', { description: 'payout differences sorted by end-to-end id (our identifier at the PSP when there is none), identifier and kind; the next page starts after endCursor' })
export class PayoutDifferencePageType extends PageOf(PayoutDifferenceType) {
  @Field(() => String, { nullable: true, description: 'the cursor of the next page (opaque: it names where this page ended)' })
  endCursor!: string | null;
}

@ObjectType('PayoutReconciliation', { description: "a civil day's payouts at the PSP against what the ledger debited, settled and refunded" })
export class PayoutReconciliationType {
  @Field(() => ReconciliationTotalsType, { description: 'payouts the PSP lists as requested that day' })
  sent!: ReconciliationTotalsType;

  @Field(() => ReconciliationTotalsType)
  paid!: ReconciliationTotalsType;

  @Field(() => ReconciliationTotalsType)
  failed!: ReconciliationTotalsType;

  @Field(() => ReconciliationTotalsType, { description: 'still processing at the PSP' })
  pending!: ReconciliationTotalsType;

  @Field(() => ReconciliationTotalsType, { description: 'what the ledger debited for our payouts sent that day (amounts)' })
  debited!: ReconciliationTotalsType;

  @Field(() => ReconciliationTotalsType, { description: 'recorded as made (settled) and not returned' })
  settled!: ReconciliationTotalsType;

  @Field(() => ReconciliationTotalsType, { description: 'refunded to the seller' })
  refunded!: ReconciliationTotalsType;

  @Field(() => PayoutDifferencePageType, { description: 'one page of the differences (payoutsTake and payoutsCursor of reconciliationReport)' })
  differences!: PayoutDifferencePageType;

  static from(r: PagedPayoutReconciliation): PayoutReconciliationType {
    const t = (x: { count: number; cents: number }) => Object.assign(new ReconciliationTotalsType(), x);
    return Object.assign(new PayoutReconciliationType(), {
      sent: t(r.psp.sent),
      paid: t(r.psp.paid),
      failed: t(r.psp.failed),
      pending: t(r.psp.pending),
      debited: t(r.ledger.debited),
      settled: t(r.ledger.settled),
      refunded: t(r.ledger.refunded),
      differences: Object.assign(new PayoutDifferencePageType(), {
        ...r.differences,
        items: r.differences.items.map((d) => Object.assign(new PayoutDifferenceType(), d)),
      }),
    });
  }
}

@ObjectType('ReconciliationReport', { description: "a civil day's (America/Sao_Paulo) received Pix at the PSP against what the ledger credited" })
export class ReconciliationReportType {
  @Field(() => String)
  date!: string;

  @Field(() => ReconciliationTotalsType, { description: 'Pix the PSP listed as received that day' })
  psp!: ReconciliationTotalsType;

  @Field(() => ReconciliationTotalsType, { description: 'PIX charges the ledger credited that day' })
  credited!: ReconciliationTotalsType;

  @Field(() => ReconciliationDifferencePageType, { description: 'one page of the differences (take and cursor of reconciliationReport)' })
  differences!: ReconciliationDifferencePageType;

  @Field(() => PayoutReconciliationType, { nullable: true, description: 'the payouts part; null without a payout PSP (PAYOUT_PROVIDER)' })
  payouts!: PayoutReconciliationType | null;

  static from(r: PagedReconciliationReport): ReconciliationReportType {
    return Object.assign(new ReconciliationReportType(), {
      payouts: r.payouts ? PayoutReconciliationType.from(r.payouts) : null,
      date: r.date,
      psp: Object.assign(new ReconciliationTotalsType(), r.psp),
      credited: Object.assign(new ReconciliationTotalsType(), r.credited),
      differences: Object.assign(new ReconciliationDifferencePageType(), {
        ...r.differences,
        items: r.differences.items.map((d) => Object.assign(new ReconciliationDifferenceType(), d)),
      }),
    });
  }
}

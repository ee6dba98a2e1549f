import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Money } from './money.scalar';

export enum MarketplaceLinkStatusGql {
  INVITED = 'INVITED',
  ACTIVE = 'ACTIVE',
  DECLINED = 'DECLINED',
  ENDED = 'ENDED',
}
registerEnumType(MarketplaceLinkStatusGql, {
  name: 'MarketplaceLinkStatus',
  description: 'INVITED: waiting for the recipient; ACTIVE: accepted, takes splits; DECLINED: refused by the recipient; ENDED: ended by either side',
});

export enum MarketplaceSideGql {
  MARKETPLACE = 'MARKETPLACE',
  RECIPIENT = 'RECIPIENT',
}
registerEnumType(MarketplaceSideGql, { name: 'MarketplaceSide', description: 'a side of a marketplace link, or a party of a split charge' });

@ObjectType('MarketplaceLink', { description: 'a marketplace and one of its recipients; both sides see it' })
export class MarketplaceLinkType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  marketplaceId!: string;

  @Field(() => String)
  marketplaceName!: string;

  @Field(() => ID)
  recipientId!: string;

  @Field(() => String)
  recipientName!: string;

  @Field(() => MarketplaceLinkStatusGql)
  status!: MarketplaceLinkStatusGql;

  @Field(() => MarketplaceSideGql, { description: "the caller's side of this link" })
  side!: MarketplaceSideGql;

  @Field(() => Date)
  invitedAt!: Date;

  @Field(() => Date, { nullable: true })
  acceptedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  endedAt!: Date | null;

  @Field(() => MarketplaceSideGql, { nullable: true })
  endedBy!: MarketplaceSideGql | null;
}

export enum SplitFeePayerGql {
  MARKETPLACE = 'MARKETPLACE',
  PRO_RATA = 'PRO_RATA',
  RECIPIENT = 'RECIPIENT',
}
registerEnumType(SplitFeePayerGql, { name: 'SplitFeePayer', description: 'who pays the PIX fee of a split charge: the marketplace, every party pro rata, or the recipient named by feeRecipientId' });

/** Fields are nullable so that a wrong one gets the same stable code as on REST (INVALID_SPLIT naming the instruction). */
@InputType('SplitInstructionInput', { description: "a recipient's part: exactly one of amount (cents) or basisPoints (2500 = 25 %, rounded down to the cent)" })
export class SplitInstructionInput {
  @Field(() => ID, { nullable: true }) recipientId?: string;
  @Field(() => Money, { nullable: true }) amount?: number;
  @Field(() => Int, { nullable: true }) basisPoints?: number;
}

@InputType('SplitsInput', { description: 'marketplaces: the recipients of a PIX charge (at most 10); the remainder goes to the marketplace' })
export class SplitsInput {
  @Field(() => SplitFeePayerGql, { nullable: true, description: 'default MARKETPLACE' }) feePayer?: SplitFeePayerGql;
  @Field(() => ID, { nullable: true }) feeRecipientId?: string;
  @Field(() => [SplitInstructionInput], { nullable: true }) recipients?: SplitInstructionInput[];
}

@InputType('RefundSplitInput', { description: 'what one recipient of a split charge gives back of a refund' })
export class RefundSplitInput {
  @Field(() => ID) recipientId!: string;
  @Field(() => Money, { description: 'cents' }) amount!: number;
}

@ObjectType('SplitShare', { description: "a recipient's part of a split charge: its own part only, nothing of the buyer nor of the other parties" })
export class SplitShareType {
  @Field(() => ID) transactionId!: string;
  @Field(() => ID) marketplaceId!: string;
  @Field(() => String) marketplaceName!: string;
  @Field(() => String, { description: "the charge's status" }) status!: string;
  @Field(() => Money, { nullable: true, description: 'cents credited to the recipient; null until paid' }) gross!: number | null;
  @Field(() => Money, { nullable: true, description: "the recipient's part of the PIX fee; null until paid" }) fee!: number | null;
  @Field(() => Money, { description: 'cents given back by refunds and returns' }) returned!: number;
  @Field(() => Date, { nullable: true }) paidAt!: Date | null;
  @Field(() => String, { nullable: true }) end2endId!: string | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType('SplitSharePage')
export class SplitSharePageType {
  @Field(() => [SplitShareType]) items!: SplitShareType[];
  @Field(() => Int) total!: number;
}

@ObjectType('SplitInstruction', { description: "a recipient's part as the marketplace asked for it: amount (cents) or basisPoints" })
export class SplitInstructionType {
  @Field(() => ID) recipientId!: string;
  @Field(() => Money, { nullable: true }) amount?: number;
  @Field(() => Int, { nullable: true }) basisPoints?: number;
}

@ObjectType('SplitPartyShare', { description: "one party's computed part of a paid split charge" })
export class SplitPartyShareType {
  @Field(() => ID) sellerId!: string;
  @Field(() => MarketplaceSideGql) role!: MarketplaceSideGql;
  @Field(() => Money, { description: "the party's part of the amount, before fees" }) gross!: number;
  @Field(() => Money, { description: "the party's part of the PIX fee" }) fee!: number;
  @Field(() => Money, { description: 'cents given back by refunds and returns' }) returned!: number;
}

@ObjectType('TransactionSplit', { description: 'the split of a marketplace charge, as the marketplace reads it' })
export class TransactionSplitType {
  @Field(() => SplitFeePayerGql) feePayer!: SplitFeePayerGql;
  @Field(() => ID, { nullable: true }) feeRecipientId?: string;
  @Field(() => [SplitInstructionType]) recipients!: SplitInstructionType[];
  @Field(() => [SplitPartyShareType], { nullable: true, description: 'every party, marketplace first, once the charge is paid' }) shares?: SplitPartyShareType[];
}

export enum SplitShareCauseGql {
  PAYMENT = 'PAYMENT',
  REFUND = 'REFUND',
  CHARGEBACK = 'CHARGEBACK',
  DISPUTE = 'DISPUTE',
  REFUND_NOT_MADE = 'REFUND_NOT_MADE',
  CHARGEBACK_REVERSED = 'CHARGEBACK_REVERSED',
}
registerEnumType(SplitShareCauseGql, {
  name: 'SplitShareCause',
  description: "what moved a recipient's part: the payment, a refund, a MED return, a lost contestation, a refund not made, a MED return decided for the seller",
});

@ObjectType('SplitShareChange', { description: "a change of the caller's part, as a recipient, of a split charge (the body of its SPLIT_SHARE_* webhooks)" })
export class SplitShareChangeType {
  @Field(() => ID) transactionId!: string;
  @Field(() => ID) marketplaceId!: string;
  @Field(() => String) marketplaceName!: string;
  @Field(() => ID) recipientId!: string;
  @Field(() => String, { nullable: true }) end2endId?: string;
  @Field(() => Money) gross!: number;
  @Field(() => Money) fee!: number;
  @Field(() => Money, { description: 'cents given back so far, this change included' }) returned!: number;
  @Field(() => SplitShareCauseGql) cause!: SplitShareCauseGql;
  @Field(() => Money, { description: 'cents this change moved' }) amount!: number;
  @Field(() => Date) occurredAt!: Date;

  static fromView(v: Record<string, unknown>): SplitShareChangeType {
    return Object.assign(new SplitShareChangeType(), v, { occurredAt: new Date(String(v.occurredAt)) });
  }
}

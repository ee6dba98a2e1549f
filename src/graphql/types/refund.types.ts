import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { REFUND_STATUSES } from '../../domain/transactions/refund-status';
import { Money } from './money.scalar';

export const RefundStatusGql = Object.fromEntries(REFUND_STATUSES.map((s) => [s, s])) as Record<string, string>;
registerEnumType(RefundStatusGql, {
  name: 'RefundStatus',
  description: 'REQUESTED: booked, the seller debited; PROCESSING: the institution took the devolução; RETURNED: the payer has the money; FAILED: not made, given back to the seller',
});

@ObjectType('Refund', { description: "a seller's refund of a transaction, and where its devolução stands at the payment institution" })
export class RefundType {
  @Field(() => ID) id!: string;
  @Field(() => ID) transactionId!: string;
  @Field(() => Money) amount!: number;
  @Field(() => RefundStatusGql) status!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => String, { nullable: true, description: 'the return id at the institution (API Pix rtrId), once known' }) returnId?: string;
  @Field(() => String, { nullable: true, description: 'why the institution did not make it, when FAILED' }) failureReason?: string;

  /** From the REST view (`refundView`). */
  static fromView(v: Record<string, any>): RefundType {
    return Object.assign(new RefundType(), { ...v, createdAt: new Date(v.createdAt), updatedAt: new Date(v.updatedAt) });
  }
}

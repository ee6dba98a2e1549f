import { Field, Int, ObjectType } from 'type-graphql';
import type { PayoutFloatView } from '../../domain/withdrawals/payout-float-queries';
import { Money } from './money.scalar';

@ObjectType('PayoutTotals')
export class PayoutTotalsType {
  @Field(() => Int)
  count!: number;

  @Field(() => Money, { description: 'cents' })
  amount!: number;
}

@ObjectType('PayoutFloat', { description: "The platform's balance at the payout PSP and the withdrawals it must cover" })
export class PayoutFloatType {
  @Field(() => String, { description: 'PAYOUT_PROVIDER' })
  provider!: string;

  @Field(() => Money, { nullable: true, description: 'cents held at the PSP when last read, less what was sent since; null when unknown' })
  balance!: number | null;

  @Field(() => Date, { nullable: true })
  readAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'why the balance is unknown' })
  problem!: string | null;

  @Field(() => PayoutTotalsType, { description: 'withdrawals not sent yet (PENDING, APPROVED): what the balance must still cover' })
  toSend!: PayoutTotalsType;

  @Field(() => PayoutTotalsType, { description: "withdrawals sent, awaiting the PSP's outcome (PROCESSING)" })
  atPsp!: PayoutTotalsType;

  @Field(() => Money, { nullable: true, description: 'cents missing for everything not sent yet (0 when covered); null when the balance is unknown' })
  shortBy!: number | null;

  static from(v: PayoutFloatView): PayoutFloatType {
    return Object.assign(new PayoutFloatType(), {
      ...v,
      toSend: Object.assign(new PayoutTotalsType(), v.toSend),
      atPsp: Object.assign(new PayoutTotalsType(), v.atPsp),
    });
  }
}

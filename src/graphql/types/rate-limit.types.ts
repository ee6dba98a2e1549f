import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum LimitClassGql {
  creates = 'creates',
  reads = 'reads',
  lists = 'lists',
  webhooks = 'webhooks',
}
registerEnumType(LimitClassGql, {
  name: 'LimitClass',
  description: 'creates: charges, refunds, withdrawals and other writes; reads: one resource; lists: lists, statements and CSV exports (an export costs 10); webhooks: webhook management',
});

@ObjectType('RateLimit', { description: "a seller's budget for one class of operations, in requests per minute" })
export class RateLimitType {
  @Field(() => LimitClassGql)
  limitClass!: LimitClassGql;

  @Field(() => Int)
  perMinute!: number;

  @Field(() => Boolean, { description: 'set by an operator for this seller (false: the default)' })
  custom!: boolean;
}

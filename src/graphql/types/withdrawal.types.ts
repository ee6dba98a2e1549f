import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { PageOf } from './page';
import { Money } from './money.scalar';
import { WITHDRAWAL_STATUSES } from '../../domain/withdrawals/withdrawal-status';

export const WithdrawalStatusGql = Object.fromEntries(WITHDRAWAL_STATUSES.map((s) => [s, s])) as Record<string, string>;
registerEnumType(WithdrawalStatusGql, { name: 'WithdrawalStatus', description: 'new values may appear: handle unknown ones with a fallback' });

@ObjectType('Withdrawal', { description: 'a PIX payout from the available balance; amounts in integer cents (BRL)' })
export class WithdrawalType {
  @Field(() => ID) id!: string;
  @Field(() => Money) amount!: number;
  @Field(() => Money, { description: 'plan fee debited beside the amount' }) feeAmount!: number;
  @Field(() => Money, { description: 'amount + feeAmount: what left the available balance' }) totalAmount!: number;
  @Field(() => String, { description: 'PIX; new values may appear' }) method!: string;
  @Field(() => String, { description: 'normalised recipient key' }) pixKey!: string;
  @Field(() => String, { description: 'CPF, CNPJ, PHONE, EMAIL or EVP' }) pixKeyType!: string;
  @Field(() => WithdrawalStatusGql) status!: string;
  @Field(() => String, { nullable: true, description: 'end-to-end id of the PIX transfer, once PAID' }) end2end!: string | null;
  @Field(() => Date, { nullable: true }) approvedAt!: Date | null;
  @Field(() => Date, { nullable: true }) processedAt!: Date | null;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { nullable: true, description: "the client's own reference" }) externalReference!: string | null;
  @Field(() => String, { nullable: true }) beneficiaryName!: string | null;
  @Field(() => String, { nullable: true }) beneficiaryDocumentType!: string | null;
  @Field(() => String, { nullable: true }) beneficiaryDocumentNumber!: string | null;
  @Field(() => String, { nullable: true, description: 'why it was rejected, failed, blocked or returned' }) failureReason!: string | null;
  @Field(() => String, { nullable: true, description: "why an APPROVED withdrawal is not sent yet (the platform's balance at the institution does not cover it); null otherwise" }) waitingReason!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;

  /** From the detail view (REST GET, webhook payload and what the idempotency store keeps). */
  static fromView(v: Record<string, any>): WithdrawalType {
    const d = (x: unknown) => (typeof x === 'string' ? new Date(x) : null);
    return Object.assign(new WithdrawalType(), {
      ...v,
      approvedAt: d(v.approvedAt),
      processedAt: d(v.processedAt),
      createdAt: d(v.createdAt),
      updatedAt: d(v.updatedAt),
    });
  }
}

@ObjectType('WithdrawalPage')
export class WithdrawalPageType extends PageOf(WithdrawalType) {}

@InputType('CreateWithdrawalInput')
export class CreateWithdrawalInput {
  @Field(() => Money, { description: 'cents, 500 to 100000000' }) amount!: number;
  @Field(() => String, { description: 'PIX (the only method enabled)' }) method!: string;
  @Field(() => String) pixKey!: string;
  @Field(() => String, { description: 'CPF, CNPJ, PHONE, EMAIL or EVP' }) pixKeyType!: string;
  @Field(() => String, { nullable: true, description: 'at most 140 characters' }) description?: string;
  @Field(() => String, { nullable: true, description: 'your own reference, at most 100 characters' }) externalReference?: string;
  @Field(() => String, { nullable: true, description: 'required above 500000 cents' }) beneficiaryName?: string;
  @Field(() => String, { nullable: true, description: 'CPF or CNPJ; required above 500000 cents' }) beneficiaryDocumentType?: string;
  @Field(() => String, { nullable: true, description: 'punctuation ignored; required above 500000 cents' }) beneficiaryDocumentNumber?: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'free JSON, at most 50 keys and 4 KB' }) metadata?: Record<string, unknown>;
}

import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TRANSACTION_STATUSES } from '../../domain/transactions/transaction-status';

export const TransactionStatusGql = Object.fromEntries(TRANSACTION_STATUSES.map((s) => [s, s])) as Record<string, string>;
registerEnumType(TransactionStatusGql, { name: 'TransactionStatus', description: 'new values may appear: handle unknown ones with a fallback' });

@ObjectType('PixCharge')
export class PixChargeType {
  @Field(() => String, { description: 'the BR Code (copia e cola)' }) copyPaste!: string;
  @Field(() => String, { description: 'absolute URL of the QR image (PNG; the same path with .svg is the vector form; ?size= sets pixels per module, 1 to 32)' }) qrCode!: string;
  @Field(() => Date) expiresAt!: Date;
}

@ObjectType('Transaction', { description: 'a PIX charge; amounts in integer cents (BRL)' })
export class TransactionType {
  @Field(() => ID) id!: string;
  @Field(() => Int) amount!: number;
  @Field(() => String) paymentMethod!: string;
  @Field(() => TransactionStatusGql) status!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => String) providerReference!: string;
  @Field(() => Date, { nullable: true }) paidAt?: Date;
  @Field(() => GraphQLJSONObject, { nullable: true }) customer?: Record<string, unknown>;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata?: Record<string, unknown>;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) merchantOrderId?: string;
  @Field(() => String, { nullable: true }) postbackUrl?: string;
  @Field(() => PixChargeType, { nullable: true }) pix?: PixChargeType;
  @Field(() => String, { nullable: true }) end2endId?: string;
  @Field(() => Int, { nullable: true }) feeAmount?: number;
  @Field(() => Int, { nullable: true }) netAmount?: number;
  @Field(() => Int, { nullable: true }) refundedAmount?: number;
  @Field(() => String, { nullable: true }) refundType?: string;
  @Field(() => String, { nullable: true }) refusedReason?: string;
  @Field(() => ID, { nullable: true, description: 'the latest dispute (contestation or MED) of this transaction' }) disputeId?: string;

  /** From the REST/webhook view (the idempotency store keeps that shape). */
  static fromView(v: Record<string, any>): TransactionType {
    const d = (x: unknown) => (typeof x === 'string' ? new Date(x) : undefined);
    return Object.assign(new TransactionType(), {
      ...v,
      createdAt: d(v.createdAt),
      updatedAt: d(v.updatedAt),
      paidAt: d(v.paidAt),
      pix: v.pix ? Object.assign(new PixChargeType(), { ...v.pix, expiresAt: d(v.pix.expiresAt) }) : undefined,
    });
  }
}

@ObjectType('TransactionPage')
export class TransactionPageType {
  @Field(() => [TransactionType]) items!: TransactionType[];
  @Field(() => Int, { description: 'how many match the filters' }) total!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) offset!: number;
}

@InputType('CustomerInput')
export class CustomerInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true, description: 'CPF or CNPJ, punctuation ignored' }) document?: string;
  @Field(() => String, { nullable: true, description: 'Brazilian phone; normalised to E.164' }) phone?: string;
}

@InputType('CreateTransactionInput')
export class CreateTransactionInput {
  @Field(() => Int, { description: 'cents, 1 to 100000000' }) amount!: number;
  @Field(() => String, { nullable: true, description: 'PIX (default; the only method enabled)' }) paymentMethod?: string;
  @Field(() => Int, { nullable: true, description: 'seconds until the QR code expires: 60 to 604800, default 3600' }) expiration?: number;
  @Field(() => CustomerInput, { nullable: true }) customer?: CustomerInput;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata?: Record<string, unknown>;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) merchantOrderId?: string;
  @Field(() => String, { nullable: true, description: 'https URL that also receives this charge\'s events' }) postbackUrl?: string;
}

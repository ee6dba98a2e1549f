import { GraphQLJSONObject } from 'graphql-scalars';
import { createUnionType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Money } from './money.scalar';
import { DueDateChargeType, DueDateDiscountInput, DueDateTermInput } from './due-date-charge.types';
import { PageOf } from './page';
import { SplitsInput, TransactionSplitType } from './marketplace.types';
import { TRANSACTION_STATUSES } from '../../domain/transactions/transaction-status';

export const TransactionStatusGql = Object.fromEntries(TRANSACTION_STATUSES.map((s) => [s, s])) as Record<string, string>;
registerEnumType(TransactionStatusGql, { name: 'TransactionStatus', description: 'new values may appear: handle unknown ones with a fallback' });

@ObjectType('PixCharge')
export class PixChargeType {
  @Field(() => String, { description: 'the BR Code (copia e cola)' }) copyPaste!: string;
  @Field(() => String, { description: 'absolute URL of the QR image (PNG; the same path with .svg is the vector form; ?size= sets pixels per module, 1 to 32)' }) qrCode!: string;
  @Field(() => Date) expiresAt!: Date;
}

@ObjectType('BoletoDetails', { description: 'a sandbox boleto (FEBRABAN numbering, fictitious bank 999)' })
export class BoletoDetailsType {
  @Field(() => String, { description: '44 digits' }) barcode!: string;
  @Field(() => String, { description: '47 digits' }) digitableLine!: string;
  @Field(() => String, { description: 'the line as printed, with dots and spaces' }) digitableLineFormatted!: string;
  @Field(() => String) bankCode!: string;
  @Field(() => Money) amount!: number;
  @Field(() => String, { description: 'YYYY-MM-DD' }) dueDate!: string;
  @Field(() => Date, { description: 'when it becomes EXPIRED if unpaid' }) expiresAt!: Date;
  @Field(() => String, { description: 'printable HTML page with the barcode' }) url!: string;
}

@ObjectType('CardDetails', { description: 'what is kept of a card: never its number or CVV' })
export class CardDetailsType {
  @Field(() => String) brand!: string;
  @Field(() => String) last4!: string;
  @Field(() => String, { description: 'keyed hash of the number: equal for the same card' }) fingerprint!: string;
  @Field(() => Int) installments!: number;
}

export const PaymentDetailsUnion = createUnionType({
  name: 'PaymentDetails',
  description: 'the method-specific part of a transaction: PixCharge, BoletoDetails or CardDetails',
  types: () => [PixChargeType, BoletoDetailsType, CardDetailsType] as const,
  resolveType: (v) => (v instanceof BoletoDetailsType ? BoletoDetailsType : v instanceof CardDetailsType ? CardDetailsType : PixChargeType),
});

@ObjectType('Transaction', { description: 'a PIX charge, or (sandbox) a boleto or card payment; amounts in integer cents (BRL)' })
export class TransactionType {
  @Field(() => ID) id!: string;
  @Field(() => Money) amount!: number;
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
  @Field(() => BoletoDetailsType, { nullable: true, description: 'BOLETO only' }) boleto?: BoletoDetailsType;
  @Field(() => CardDetailsType, { nullable: true, description: 'CARD only' }) card?: CardDetailsType;
  @Field(() => DueDateChargeType, { nullable: true, description: 'PIX charges with a due date only' }) dueDateCharge?: DueDateChargeType;
  @Field(() => PaymentDetailsUnion, { nullable: true, description: 'the same details as pix / boleto / card, as one union' })
  paymentDetails?: PixChargeType | BoletoDetailsType | CardDetailsType;
  @Field(() => String, { nullable: true }) end2endId?: string;
  @Field(() => Money, { nullable: true }) feeAmount?: number;
  @Field(() => Money, { nullable: true }) netAmount?: number;
  @Field(() => Money, { nullable: true }) refundedAmount?: number;
  @Field(() => String, { nullable: true }) refundType?: string;
  @Field(() => String, { nullable: true }) refusedReason?: string;
  @Field(() => ID, { nullable: true, description: 'the latest dispute (contestation or MED) of this transaction' }) disputeId?: string;
  @Field(() => TransactionSplitType, { nullable: true, description: 'marketplaces: the split of this charge (on `transaction(id)` and the create answer; null in lists)' })
  splits?: TransactionSplitType;

  /** From the REST/webhook view (the idempotency store keeps that shape). */
  static fromView(v: Record<string, any>): TransactionType {
    const d = (x: unknown) => (typeof x === 'string' ? new Date(x) : undefined);
    const t = Object.assign(new TransactionType(), {
      ...v,
      createdAt: d(v.createdAt),
      updatedAt: d(v.updatedAt),
      paidAt: d(v.paidAt),
      pix: v.pix ? Object.assign(new PixChargeType(), { ...v.pix, expiresAt: d(v.pix.expiresAt) }) : undefined,
    });
    t.boleto = v.boleto ? Object.assign(new BoletoDetailsType(), { ...v.boleto, expiresAt: d(v.boleto.expiresAt) }) : undefined;
    t.card = v.card ? Object.assign(new CardDetailsType(), { ...v.card, installments: v.installments ?? 1 }) : undefined;
    t.paymentDetails = t.pix ?? t.boleto ?? t.card;
    return t;
  }
}

@ObjectType('TransactionPage', { description: 'take and skip are the limit and offset applied' })
export class TransactionPageType extends PageOf(TransactionType) {}

@InputType('CustomerInput')
export class CustomerInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true, description: 'CPF or CNPJ, punctuation ignored' }) document?: string;
  @Field(() => String, { nullable: true, description: 'Brazilian phone; normalised to E.164' }) phone?: string;
}

/** Fields are nullable so that a missing one gets the same stable code as on REST (CARD_HOLDER_REQUIRED, ...). */
@InputType('CardInput', { description: 'sandbox test cards only; never stored or logged. All fields are required (checked with stable error codes)' })
export class CardInput {
  @Field(() => String, { nullable: true, description: '12 to 19 digits, Luhn-valid' }) number?: string;
  @Field(() => String, { nullable: true }) holderName?: string;
  @Field(() => Int, { nullable: true, description: '1 to 12' }) expMonth?: number;
  @Field(() => Int, { nullable: true, description: 'YYYY' }) expYear?: number;
  @Field(() => String, { nullable: true, description: '3 digits' }) cvv?: string;
}

@InputType('CreateTransactionInput')
export class CreateTransactionInput {
  @Field(() => Money, { description: 'cents, 1 to 100000000' }) amount!: number;
  @Field(() => String, { nullable: true, description: 'PIX (default; the only method enabled in production), BOLETO or CARD (sandbox)' }) paymentMethod?: string;
  @Field(() => String, { nullable: true, description: 'BOLETO: due date YYYY-MM-DD, today to 180 days ahead (São Paulo); default 3 days ahead. PIX: makes a charge with a due date (needs customer name and document)' }) dueDate?: string;
  @Field(() => Int, { nullable: true, description: 'PIX with dueDate: calendar days after it during which it can be paid, 0 to 365, default 30' }) validityAfterDueDays?: number;
  @Field(() => DueDateTermInput, { nullable: true, description: 'PIX with dueDate: a fine once paid late; modality FIXED or PERCENT' }) fine?: DueDateTermInput;
  @Field(() => DueDateTermInput, { nullable: true, description: 'PIX with dueDate: simple interest per day late; modality AMOUNT_PER_CALENDAR_DAY, PERCENT_PER_DAY_CALENDAR_DAYS, PERCENT_PER_MONTH_CALENDAR_DAYS, PERCENT_PER_YEAR_CALENDAR_DAYS or the same four on BUSINESS days' }) interest?: DueDateTermInput;
  @Field(() => DueDateTermInput, { nullable: true, description: 'PIX with dueDate: taken off on any day; modality FIXED or PERCENT' }) abatement?: DueDateTermInput;
  @Field(() => DueDateDiscountInput, { nullable: true, description: 'PIX with dueDate: a discount for paying early' }) discount?: DueDateDiscountInput;
  @Field(() => CardInput, { nullable: true, description: 'CARD: the card' }) card?: CardInput;
  @Field(() => Int, { nullable: true, description: 'CARD: 1 to 12, default 1' }) installments?: number;
  @Field(() => Int, { nullable: true, description: 'seconds until the QR code expires: 60 to 604800, default 3600' }) expiration?: number;
  @Field(() => CustomerInput, { nullable: true }) customer?: CustomerInput;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata?: Record<string, unknown>;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) merchantOrderId?: string;
  @Field(() => String, { nullable: true, description: 'https URL that also receives this charge\'s events' }) postbackUrl?: string;
  @Field(() => SplitsInput, { nullable: true, description: "marketplaces: the recipients' parts of this PIX charge" }) splits?: SplitsInput;
}

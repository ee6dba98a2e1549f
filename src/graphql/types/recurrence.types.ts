import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { PageOf } from './page';
import { Money } from './money.scalar';
import type { RecurrenceView } from '../../domain/recurrences/recurrence-view';

@InputType('RecurrencePayerInput')
export class RecurrencePayerInput {
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'CPF or CNPJ' }) document!: string;
}

@InputType('RecurrenceContractInput')
export class RecurrenceContractInput {
  @Field(() => String, { nullable: true, description: 'what the payments are for, at most 35 characters' }) object?: string;
  @Field(() => String, { description: 'contract or order number, at most 35 characters' }) number!: string;
  @Field(() => RecurrencePayerInput) payer!: RecurrencePayerInput;
}

@InputType('RecurrenceCalendarInput')
export class RecurrenceCalendarInput {
  @Field(() => String, { description: 'YYYY-MM-DD, expected date of the first payment' }) firstDate!: string;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, last day covered; absent: until cancelled' }) lastDate?: string;
  @Field(() => String, { description: 'WEEKLY, MONTHLY, QUARTERLY, HALF_YEARLY or YEARLY' }) period!: string;
}

@InputType('RecurrencePayerAccountInput')
export class RecurrencePayerAccountInput {
  @Field(() => String, { description: 'ISPB of the payer’s institution (8 characters)' }) ispb!: string;
  @Field(() => String, { nullable: true, description: 'branch (agência), up to 4 digits' }) branch?: string;
  @Field(() => String, { description: 'account number (conta), up to 20 letters and digits' }) number!: string;
}

@InputType('CreateRecurrenceInput', { description: 'the same body as POST /api/v1/cobranca/recurrences' })
export class CreateRecurrenceInput {
  @Field(() => RecurrenceContractInput) contract!: RecurrenceContractInput;
  @Field(() => RecurrenceCalendarInput) calendar!: RecurrenceCalendarInput;
  @Field(() => String, { description: 'FIXED or VARIABLE' }) amountType!: string;
  @Field(() => Money, { nullable: true, description: 'FIXED: every cycle, in cents' }) amount?: number;
  @Field(() => Money, { nullable: true, description: 'VARIABLE: the least a cycle may be, in cents' }) minimumAmount?: number;
  @Field(() => String, { nullable: true, description: 'NONE (default) or THREE_IN_SEVEN_DAYS' }) retryPolicy?: string;
  @Field(() => String, { nullable: true, description: 'PUSH_REQUEST, QR (default) or QR_WITH_FIRST_PAYMENT' }) journey?: string;
  @Field(() => Money, { nullable: true, description: 'QR_WITH_FIRST_PAYMENT: the immediate first charge, in cents' }) firstPaymentAmount?: number;
  @Field(() => RecurrencePayerAccountInput, { nullable: true, description: 'PUSH_REQUEST: the payer’s account the request goes to (required with a PSP)' })
  payerAccount?: RecurrencePayerAccountInput;
}

@ObjectType('RecurrenceAuthorisation', { description: 'what the seller shows or sends the payer' })
export class RecurrenceAuthorisationType {
  @Field(() => String, { nullable: true, description: 'QR journeys: the BR Code' }) copyPaste!: string | null;
  @Field(() => String, { nullable: true, description: 'QR journeys: URL of the QR image' }) qrCode!: string | null;
  @Field(() => String, { nullable: true, description: 'PUSH_REQUEST: SENT, ACCEPTED, REJECTED or EXPIRED' }) pushRequestStatus!: string | null;
  @Field(() => ID, { nullable: true }) firstPaymentTransactionId!: string | null;
  @Field(() => Date) expiresAt!: Date;
}

@ObjectType('Recurrence', { description: 'a PIX Automático recurrence (API Pix rec); amounts in integer cents (BRL)' })
export class RecurrenceType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'API Pix idRec' }) recId!: string;
  @Field(() => String, { description: 'CREATED, APPROVED, REJECTED, EXPIRED or CANCELLED; new values may appear' }) status!: string;
  @Field(() => String) journey!: string;
  @Field(() => String, { nullable: true }) contractObject!: string | null;
  @Field(() => String) contractNumber!: string;
  @Field(() => String) payerName!: string;
  @Field(() => String) payerDocument!: string;
  @Field(() => String) firstDate!: string;
  @Field(() => String, { nullable: true }) lastDate!: string | null;
  @Field(() => String) period!: string;
  @Field(() => String) amountType!: string;
  @Field(() => Money, { nullable: true }) amount!: number | null;
  @Field(() => Money, { nullable: true }) minimumAmount!: number | null;
  @Field(() => Money, { nullable: true, description: 'VARIABLE: the amount set for the next cycle to be made, until that cycle takes it; null when not set, and for FIXED' })
  nextCycleAmount!: number | null;
  @Field(() => String) retryPolicy!: string;
  @Field(() => RecurrenceAuthorisationType) authorisation!: RecurrenceAuthorisationType;
  @Field(() => String, { nullable: true }) endedBy!: string | null;
  @Field(() => String, { nullable: true }) endReason!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => Date, { nullable: true }) approvedAt!: Date | null;

  /** From the view the REST door and webhooks show (recurrenceView). */
  static fromView(v: RecurrenceView): RecurrenceType {
    return Object.assign(new RecurrenceType(), {
      id: v.id,
      recId: v.recId,
      status: v.status,
      journey: v.journey,
      contractObject: v.contract.object,
      contractNumber: v.contract.number,
      payerName: v.contract.payer.name,
      payerDocument: v.contract.payer.document,
      firstDate: v.calendar.firstDate,
      lastDate: v.calendar.lastDate,
      period: v.calendar.period,
      amountType: v.amountType,
      amount: v.amount,
      minimumAmount: v.minimumAmount,
      nextCycleAmount: v.nextCycleAmount,
      retryPolicy: v.retryPolicy,
      authorisation: Object.assign(new RecurrenceAuthorisationType(), { ...v.authorisation, expiresAt: new Date(v.authorisation.expiresAt) }),
      endedBy: v.endedBy,
      endReason: v.endReason,
      createdAt: new Date(v.createdAt),
      updatedAt: new Date(v.updatedAt),
      approvedAt: v.approvedAt ? new Date(v.approvedAt) : null,
    });
  }
}

@ObjectType('RecurrencePage')
export class RecurrencePageType extends PageOf(RecurrenceType) {}

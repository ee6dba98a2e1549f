import { z } from 'zod';
import { parseDocument, type DocumentType } from '../documents/document';
import { isDomainError } from '../shared/errors';
import { refine, transform } from '../shared/zod-effects';
import { storableText } from '../shared/zod-fields';
import { coded, codedMessage, issue, parseWith } from '../shared/zod-input';
import { isCivilDay, type CivilDay } from './civil-day';
import { RECURRENCE_PERIODS, type RecurrenceCalendar } from './recurrence-calendar';
import { RETRY_POLICIES, type RetryPolicy } from './retry-policy';

export const RECURRENCE_LIMITS = {
  /** `vinculo.objeto` and `vinculo.contrato`: 35 characters in the spec. */
  contractTextMax: 35,
  payerNameMax: 140,
  minAmount: 1,
  /** R$ 1,000,000.00 per cycle, as for a charge. */
  maxAmount: 100_000_000,
} as const;

/** How the payer is asked to authorise: J1 a push request to their bank, J2 a recurrence QR, J3 a QR that also pays a first charge. */
export const AUTHORISATION_JOURNEYS = ['PUSH_REQUEST', 'QR', 'QR_WITH_FIRST_PAYMENT'] as const;
export type AuthorisationJourney = (typeof AUTHORISATION_JOURNEYS)[number];

export type RecurrenceAmount = { type: 'FIXED'; cents: number } | { type: 'VARIABLE'; minimumCents: number | null };

export interface RecurrencePayer {
  name: string;
  document: string;
  documentType: DocumentType;
}

/** J1: the payer's account at their institution, where the push request goes (API Pix `solicrec.destinatario`). */
export interface PayerAccount {
  /** The payer's institution's ISPB (8 characters). */
  ispb: string;
  branch: string | null;
  number: string;
}

export interface CreateRecurrenceInput {
  contract: { object: string | null; number: string; payer: RecurrencePayer };
  calendar: RecurrenceCalendar;
  amount: RecurrenceAmount;
  retryPolicy: RetryPolicy;
  journey: AuthorisationJourney;
  /** J3 only: the immediate charge paid with the authorisation, in cents. */
  firstPaymentAmount: number | null;
  /** J1: the payer's account (required when the institution is a PSP; the sandbox's payer needs none). */
  payerAccount: PayerAccount | null;
}

const cents = (field: string) =>
  z
    .number(coded('INVALID_AMOUNT', `${field} must be an integer number of cents`, field))
    .int()
    .safe()
    .min(RECURRENCE_LIMITS.minAmount, { message: codedMessage('AMOUNT_TOO_LOW', `${field} must be at least 1 cent`, field) })
    .max(RECURRENCE_LIMITS.maxAmount, { message: codedMessage('AMOUNT_TOO_HIGH', `${field} must be at most ${RECURRENCE_LIMITS.maxAmount} cents`, field) });

const civilDay = (field: string) =>
  refine(z.string(coded('INVALID_DATE', `${field} must be a date YYYY-MM-DD`, field)), (v, ctx) => {
    if (!isCivilDay(v)) issue(ctx, 'INVALID_DATE', `${field} must be a date YYYY-MM-DD`, [], { field });
  });

const required = <T extends z.ZodTypeAny>(schema: T, field: string) =>
  transform(schema, (v, ctx) => {
    if (v === null || v === undefined) {
      issue(ctx, 'FIELD_REQUIRED', `${field} is required`, [], { field });
      return z.NEVER;
    }
    return v as NonNullable<z.output<T>>;
  });

function payerRequest(sandbox: boolean) {
  const payer = z
    .object(
      {
        name: required(storableText('contract.payer.name', RECURRENCE_LIMITS.payerNameMax, { singleLine: true }), 'contract.payer.name'),
        document: transform(required(storableText('contract.payer.document', 32, { singleLine: true, description: 'CPF or CNPJ' }), 'contract.payer.document'), (s, ctx) => {
          try {
            return parseDocument(s, { allowSandboxMagic: sandbox });
          } catch (e) {
            if (!isDomainError(e)) throw e;
            issue(ctx, 'INVALID_PAYER_DOCUMENT', e.message, [], { field: 'contract.payer.document' });
            return z.NEVER;
          }
        }),
      },
      coded('FIELD_REQUIRED', 'contract.payer is required (name and CPF or CNPJ)', 'contract.payer'),
    )
    .strict();
  return transform(payer, (p): RecurrencePayer => ({ name: p.name, document: p.document.number, documentType: p.document.type }));
}

const payerAccountRequest = z
  .object(
    {
      ispb: z
        .string(coded('INVALID_PAYER_ACCOUNT', 'payerAccount.ispb is the 8-character ISPB of the payer’s institution', 'payerAccount.ispb'))
        .regex(/^[0-9A-Z]{8}$/, { message: codedMessage('INVALID_PAYER_ACCOUNT', 'payerAccount.ispb is the 8-character ISPB of the payer’s institution', 'payerAccount.ispb') })
        .describe('ISPB of the payer’s institution (8 characters)'),
      branch: z
        .string(coded('INVALID_PAYER_ACCOUNT', 'payerAccount.branch is up to 4 digits', 'payerAccount.branch'))
        .regex(/^\d{1,4}$/, { message: codedMessage('INVALID_PAYER_ACCOUNT', 'payerAccount.branch is up to 4 digits', 'payerAccount.branch') })
        .nullish()
        .describe('branch (agência), up to 4 digits'),
      number: z
        .string(coded('INVALID_PAYER_ACCOUNT', 'payerAccount.number is the account number, up to 20 letters and digits', 'payerAccount.number'))
        .regex(/^[0-9A-Za-z]{1,20}$/, { message: codedMessage('INVALID_PAYER_ACCOUNT', 'payerAccount.number is the account number, up to 20 letters and digits', 'payerAccount.number') })
        .describe('account number (conta), up to 20 letters and digits'),
    },
    coded('INVALID_PAYER_ACCOUNT', 'payerAccount is an object { ispb, branch, number }', 'payerAccount'),
  )
  .strict();

function createRecurrenceRequest(sandbox: boolean) {
  const contract = z
    .object(
      {
        object: storableText('contract.object', RECURRENCE_LIMITS.contractTextMax, { singleLine: true, description: 'what the payments are for, shown to the payer' }),
        number: required(storableText('contract.number', RECURRENCE_LIMITS.contractTextMax, { singleLine: true, description: 'contract or order number' }), 'contract.number'),
        payer: payerRequest(sandbox),
      },
      coded('FIELD_REQUIRED', 'contract is required', 'contract'),
    )
    .strict();
  const calendar = z
    .object(
      {
        firstDate: civilDay('calendar.firstDate').describe('expected date of the first payment (YYYY-MM-DD)'),
        lastDate: civilDay('calendar.lastDate').nullish().describe('last day covered; absent: until cancelled'),
        period: z.enum(RECURRENCE_PERIODS, coded('INVALID_PERIOD', `calendar.period must be one of ${RECURRENCE_PERIODS.join(', ')}`, 'calendar.period')),
      },
      coded('FIELD_REQUIRED', 'calendar is required', 'calendar'),
    )
    .strict();
  const body = z
    .object({
      contract,
      calendar,
      amountType: z.enum(['FIXED', 'VARIABLE'], coded('INVALID_AMOUNT_TYPE', 'amountType must be FIXED or VARIABLE', 'amountType')),
      amount: cents('amount').nullish().describe('FIXED: the amount of every cycle, in cents'),
      minimumAmount: cents('minimumAmount').nullish().describe('VARIABLE: the least the seller may charge a cycle, in cents (optional)'),
      retryPolicy: z
        .enum(RETRY_POLICIES, coded('INVALID_RETRY_POLICY', `retryPolicy must be one of ${RETRY_POLICIES.join(', ')}`, 'retryPolicy'))
        .default('NONE'),
      journey: z
        .enum(AUTHORISATION_JOURNEYS, coded('INVALID_JOURNEY', `journey must be one of ${AUTHORISATION_JOURNEYS.join(', ')}`, 'journey'))
        .default('QR'),
      firstPaymentAmount: cents('firstPaymentAmount').nullish().describe('QR_WITH_FIRST_PAYMENT: the immediate charge paid with the authorisation, in cents'),
      payerAccount: payerAccountRequest.nullish().describe('PUSH_REQUEST: the payer’s account the request goes to (required with a PSP)'),
    })
    .strict();
  return transform(body, (b, ctx): CreateRecurrenceInput => {
    if (b.calendar.lastDate && b.calendar.lastDate < b.calendar.firstDate) {
      issue(ctx, 'INVALID_DATE', 'calendar.lastDate must not be before calendar.firstDate', [], { field: 'calendar.lastDate' });
      return z.NEVER;
    }
    let amount: RecurrenceAmount;
    if (b.amountType === 'FIXED') {
      if (b.amount === null || b.amount === undefined) return issue(ctx, 'AMOUNT_REQUIRED', 'a FIXED recurrence needs amount (integer cents)', [], { field: 'amount' }) ?? z.NEVER;
      if (b.minimumAmount !== null && b.minimumAmount !== undefined) {
        return issue(ctx, 'INVALID_AMOUNT_TYPE', 'minimumAmount is for VARIABLE recurrences only', [], { field: 'minimumAmount' }) ?? z.NEVER;
      }
      amount = { type: 'FIXED', cents: b.amount };
    } else {
      if (b.amount !== null && b.amount !== undefined) return issue(ctx, 'INVALID_AMOUNT_TYPE', 'amount is for FIXED recurrences only', [], { field: 'amount' }) ?? z.NEVER;
      amount = { type: 'VARIABLE', minimumCents: b.minimumAmount ?? null };
    }
    const withFirst = b.journey === 'QR_WITH_FIRST_PAYMENT';
    if (withFirst !== (b.firstPaymentAmount !== null && b.firstPaymentAmount !== undefined)) {
      return issue(ctx, 'INVALID_FIRST_PAYMENT', 'firstPaymentAmount is required with journey QR_WITH_FIRST_PAYMENT and refused otherwise', [], { field: 'firstPaymentAmount' }) ?? z.NEVER;
    }
    if (b.payerAccount && b.journey !== 'PUSH_REQUEST') {
      return issue(ctx, 'INVALID_PAYER_ACCOUNT', 'payerAccount is for journey PUSH_REQUEST only', [], { field: 'payerAccount' }) ?? z.NEVER;
    }
    return {
      contract: { object: b.contract.object ?? null, number: b.contract.number, payer: b.contract.payer },
      calendar: { firstDate: b.calendar.firstDate as CivilDay, lastDate: b.calendar.lastDate ?? null, period: b.calendar.period },
      amount,
      retryPolicy: b.retryPolicy,
      journey: b.journey,
      firstPaymentAmount: b.firstPaymentAmount ?? null,
      payerAccount: b.payerAccount ? { ispb: b.payerAccount.ispb, branch: b.payerAccount.branch ?? null, number: b.payerAccount.number } : null,
    };
  });
}

const SCHEMAS = { sandbox: createRecurrenceRequest(true), production: createRecurrenceRequest(false) };

/** The body of POST /api/v1/cobranca/recurrences (and the GraphQL input), checked in key order; the first broken rule is the 400. */
export const parseCreateRecurrence = (body: unknown, o: { sandbox: boolean }): CreateRecurrenceInput =>
  parseWith(o.sandbox ? SCHEMAS.sandbox : SCHEMAS.production, body);

export const createRecurrenceSchema = SCHEMAS.production;

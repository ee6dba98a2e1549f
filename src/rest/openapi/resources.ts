import { ENDPOINT_STATES, ENDPOINT_STATE_REASONS } from '../../domain/webhooks/endpoint-health';
import { DISPUTE_STATUSES } from '../../domain/disputes/dispute-status';
import { STATEMENT_TYPES } from '../../domain/ledger/ledger.types';
import { PIX_KEY_TYPES } from '../../domain/pix/pix-key';
import { TRANSACTION_STATUSES } from '../../domain/transactions/transaction-status';
import { TRANSACTION_PAYMENT_METHODS } from '../../domain/transactions/transaction.types';
import { SPLIT_SHARE_CAUSES } from '../../domain/splits/split-share-event-names';
import { WEBHOOK_CATEGORIES } from '../../domain/webhooks/webhook.types';
import { WITHDRAWAL_STATUSES } from '../../domain/withdrawals/withdrawal-status';
import { AUTHORISATION_JOURNEYS } from '../../domain/recurrences/create-recurrence.input';
import { RECURRENCE_PERIODS } from '../../domain/recurrences/recurrence-calendar';
import { RECURRENCE_STATUSES } from '../../domain/recurrences/recurrence-status';
import { CYCLE_STATUSES } from '../../domain/recurrences/cycle-status';
import { RETRY_POLICIES } from '../../domain/recurrences/retry-policy';
import { z } from './zod';

/**
 * The resources as the REST door shows them (the views in src/domain/** /*-view.ts and
 * the routes' own views). Enumerations may gain values (SPEC, Versioning 2): statuses
 * are strings whose known values are listed, so a client generated from this document
 * keeps a fallback.
 */
const open = (known: readonly string[], what: string) => z.string().describe(`${what}; known values: ${known.join(', ')}. New values may appear.`);
const dateTime = () => z.string().datetime({ offset: true });
const cents = (d = 'cents') => z.number().int().describe(d);
const day = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('YYYY-MM-DD');

export const Customer = z
  .object({
    name: z.string().optional(),
    email: z.string().optional(),
    document: z.string().optional().describe('CPF or CNPJ, normalised'),
    documentType: z.enum(['CPF', 'CNPJ']).optional(),
    phone: z.string().optional().describe('E.164'),
  })
  .strict()
  .openapi('Customer');

export const Refund = z
  .object({
    id: z.string(),
    transactionId: z.string(),
    amount: cents(),
    status: z
      .enum(['REQUESTED', 'PROCESSING', 'RETURNED', 'FAILED'])
      .describe('REQUESTED: booked, the seller debited; PROCESSING: the institution took the devolução; RETURNED: the payer has the money; FAILED: not made, the amount given back to the seller'),
    createdAt: dateTime(),
    updatedAt: dateTime(),
    returnId: z.string().optional().describe('the return id at the institution (API Pix `rtrId`), once known'),
    failureReason: z.string().optional().describe('why the institution did not make it, when FAILED'),
  })
  .strict()
  .openapi('Refund');
const term = () =>
  z.object({ modality: z.string(), value: z.number().int().describe('cents for FIXED and AMOUNT_* modalities, hundredths of a percent for PERCENT_* ones') }).strict();

const AmountComponents = z
  .object({ original: cents(), fine: cents(), interest: cents(), abatement: cents(), discount: cents() })
  .strict()
  .openapi('AmountComponents', { description: 'what a paid charge with a due date was paid for (API Pix componentesValor): original + fine + interest - abatement - discount = amount' });

export const DueDateCharge = z
  .object({
    dueDate: day(),
    validityAfterDueDays: z.number().int(),
    lastPayableDate: day().describe('the last day it can be paid; it expires at the end of it (Brasília)'),
    originalAmount: cents('the amount asked on the due date; `amount` becomes what was paid'),
    fine: term().optional(),
    interest: term().optional(),
    abatement: term().optional(),
    discount: z
      .object({ modality: z.string(), value: z.number().int().optional(), dates: z.array(z.object({ until: day(), value: z.number().int() }).strict()).optional() })
      .strict()
      .optional(),
    amountComponents: AmountComponents.optional().describe('once paid'),
  })
  .strict()
  .openapi('DueDateCharge', { description: 'a PIX charge with a due date (API Pix cobv)' });

export const Transaction = z
  .object({
    id: z.string(),
    amount: cents(),
    paymentMethod: open(TRANSACTION_PAYMENT_METHODS, 'payment method'),
    status: open(TRANSACTION_STATUSES, 'transaction status'),
    createdAt: dateTime(),
    updatedAt: dateTime(),
    providerReference: z.string().describe('reference at the payment institution'),
    paidAt: dateTime().optional(),
    customer: Customer.optional(),
    metadata: z.record(z.unknown()).optional(),
    description: z.string().optional(),
    merchantOrderId: z.string().optional(),
    postbackUrl: z.string().optional(),
    pix: z
      .object({
        copyPaste: z.string().describe('the dynamic BR Code (copy and paste)'),
        qrCode: z.string().describe('absolute URL of its QR image (PNG; `.svg` beside it)'),
        expiresAt: dateTime(),
      })
      .strict()
      .optional(),
    boleto: z
      .object({
        barcode: z.string().describe('44 digits (FEBRABAN)'),
        digitableLine: z.string().describe('47 digits'),
        digitableLineFormatted: z.string(),
        bankCode: z.string(),
        amount: cents(),
        dueDate: day(),
        expiresAt: dateTime(),
        url: z.string().describe('printable page'),
      })
      .strict()
      .optional()
      .describe('sandbox only'),
    card: z
      .object({ brand: z.string(), last4: z.string(), fingerprint: z.string().describe('keyed hash of the number') })
      .strict()
      .optional()
      .describe('sandbox only; the number and CVV are never stored'),
    installments: z.number().int().optional(),
    dueDateCharge: DueDateCharge.optional().describe('PIX charges with a due date only'),
    end2endId: z.string().optional(),
    feeAmount: cents().optional(),
    netAmount: cents().optional(),
    refundedAmount: cents().optional(),
    refundType: z.enum(['FULL', 'PARTIAL']).optional(),
    refusedReason: z.string().optional(),
    disputeId: z.string().optional(),
    splits: z
      .object({
        feePayer: z.enum(['MARKETPLACE', 'PRO_RATA', 'RECIPIENT']),
        feeRecipientId: z.string().optional(),
        recipients: z.array(z.object({ recipientId: z.string(), amount: cents().optional(), basisPoints: z.number().int().optional() }).strict()),
        shares: z
          .array(
            z
              .object({
                sellerId: z.string(),
                role: z.enum(['MARKETPLACE', 'RECIPIENT']),
                gross: cents("the party's part of the amount, before fees"),
                fee: cents("the party's part of the PIX fee"),
                returned: cents('given back by refunds and returns'),
              })
              .strict(),
          )
          .optional()
          .describe('once paid (GET only): every party, the marketplace first, then the recipients in instruction order'),
      })
      .strict()
      .optional()
      .describe("marketplaces: the split instructions (the create's answer and GET), and the parts once paid (GET); only the marketplace reads a charge"),
  })
  .strict()
  .openapi('Transaction', { description: 'SPEC Transaction: optional fields without a value are omitted (never null).' });

const nullableDate = () => dateTime().nullable();

const withdrawalFields = {
  id: z.string(),
  amount: cents('cents; the fee is debited beside it'),
  method: open(['PIX'], 'method'),
  pixKey: z.string(),
  pixKeyType: open(PIX_KEY_TYPES, 'PIX key type'),
  status: open(WITHDRAWAL_STATUSES, 'withdrawal status'),
  end2end: z.string().nullable(),
  approvedAt: nullableDate(),
  processedAt: nullableDate(),
  metadata: z.record(z.unknown()).nullable(),
  createdAt: dateTime(),
};

export const Withdrawal = z.object(withdrawalFields).strict().openapi('Withdrawal', { description: 'SPEC Withdrawal: the answer of the create.' });

export const WithdrawalDetail = z
  .object({
    ...withdrawalFields,
    feeAmount: cents('plan fee debited beside the amount'),
    totalAmount: cents('amount + fee: what left the available balance'),
    description: z.string().nullable(),
    externalReference: z.string().nullable(),
    beneficiaryName: z.string().nullable(),
    beneficiaryDocumentType: z.string().nullable(),
    beneficiaryDocumentNumber: z.string().nullable(),
    failureReason: z.string().nullable(),
    waitingReason: z.string().nullable(),
    updatedAt: dateTime(),
  })
  .strict()
  .openapi('WithdrawalDetail', { description: 'The SPEC fields plus the fees and the rest of what is known (null when empty).' });

export const Dispute = z
  .object({
    id: z.string(),
    transactionId: z.string(),
    status: open(DISPUTE_STATUSES, 'dispute status'),
    origin: open(['MED', 'CONTESTATION'], 'origin'),
    amount: cents(),
    blockedAmount: cents(),
    owedAmount: cents(),
    appealDeadline: dateTime(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
    appealReason: z.string().optional(),
    appealedAt: dateTime().optional(),
    decidedAt: dateTime().optional(),
  })
  .strict()
  .openapi('Dispute');

export const Evidence = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['PDF', 'PNG', 'JPG']),
    mediaType: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    createdAt: dateTime(),
    downloadPath: z.string(),
  })
  .strict()
  .openapi('Evidence');

export const StatementEntry = z
  .object({
    id: z.string(),
    amount: cents(),
    type: open(STATEMENT_TYPES, 'entry type'),
    description: z.string(),
    createdAt: dateTime(),
    transactionId: z.string().optional(),
    withdrawalId: z.string().optional(),
    amountComponents: AmountComponents.optional().describe('the credit of a paid charge with a due date: what its amount is made of'),
  })
  .strict()
  .openapi('StatementEntry');

export const Wallet = z
  .object({
    balancePix: cents(),
    balanceBoleto: cents(),
    balanceCard: cents(),
    balanceTotal: cents('total available, sum over methods'),
    balanceBlocked: cents('retained or in dispute'),
    balanceDebt: cents('owed after returns the balance could not cover'),
    currency: z.literal('BRL'),
    updatedAt: dateTime(),
    recentMovements: z.array(StatementEntry),
  })
  .strict()
  .openapi('Wallet');

export const Balance = z
  .object({ available: cents(), blocked: cents(), total: cents(), debt: cents().optional(), currency: z.literal('BRL') })
  .strict()
  .openapi('Balance');

export const StatementSummary = z
  .object({
    totalCredits: cents(),
    totalDebits: cents(),
    totalFees: cents(),
    netBalance: cents(),
    period: z.object({ startDate: day(), endDate: day() }).strict(),
  })
  .strict()
  .openapi('StatementSummary');

export const WebhookRegistration = z
  .object({
    id: z.string(),
    eventType: z.enum(WEBHOOK_CATEGORIES),
    url: z.string(),
    description: z.string().nullable(),
    secretLast4: z.string(),
    secret: z.string().optional().describe('the signing secret: only in the answers of the create and of a rotation'),
    createdAt: dateTime(),
    updatedAt: dateTime(),
    secretRotatedAt: nullableDate(),
    state: z.enum(ENDPOINT_STATES).describe('ACTIVE; FAILING when every attempt failed for WEBHOOK_FAILING_AFTER_HOURS; DISABLED (no deliveries sent, events held) after WEBHOOK_DISABLE_AFTER_DAYS, until enabled again'),
    stateChangedAt: nullableDate(),
    stateReason: z.string().nullable().describe(`why its state last changed: ${ENDPOINT_STATE_REASONS.join(', ')}; null: never changed`),
    maxDeliveriesPerSecond: z.number().int().nullable().describe('at most this many deliveries per second to it; null: no limit of its own'),
  })
  .strict()
  .openapi('WebhookRegistration');

/** The answer of POST /v1/webhooks/{id}/enable: the registration and how many deliveries were sent again. */
export const WebhookEnabled = z
  .object({ ...WebhookRegistration.shape, recovered: z.number().int().describe('deliveries sent again (recoverSince)') })
  .strict()
  .openapi('WebhookEnabled');

export const WebhookStateChange = z
  .object({ id: z.string(), from: z.enum(ENDPOINT_STATES), to: z.enum(ENDPOINT_STATES), reason: z.enum(ENDPOINT_STATE_REASONS), detail: z.string(), changedAt: dateTime() })
  .strict()
  .openapi('WebhookStateChange');

export const WebhookDelivery = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    resourceType: z.enum(['TRANSACTION', 'WITHDRAWAL', 'DISPUTE', 'WEBHOOK', 'TEST']),
    resourceId: z.string(),
    target: z.enum(['ENDPOINT', 'POSTBACK']),
    webhookId: z.string().nullable(),
    url: z.string(),
    trigger: z.enum(['EVENT', 'MANUAL', 'REPLAY', 'TEST']),
    status: z.enum(['PENDING', 'DELIVERED', 'EXPIRED', 'FAILED', 'CANCELED', 'HELD']).describe('HELD: its webhook was disabled; kept for a recovery when it is enabled again'),
    attempts: z.number().int(),
    cycle: z.number().int(),
    nextAttemptAt: nullableDate(),
    expiresAt: dateTime(),
    lastAttemptAt: nullableDate(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: nullableDate(),
    replayOf: z.string().nullable(),
    createdAt: dateTime(),
  })
  .strict()
  .openapi('WebhookDelivery');

export const WebhookAttempt = z
  .object({
    id: z.string(),
    deliveryId: z.string(),
    eventId: z.string(),
    webhookId: z.string().nullable(),
    number: z.number().int(),
    cycle: z.number().int(),
    attemptInCycle: z.number().int(),
    attemptedAt: dateTime(),
    url: z.string(),
    success: z.boolean(),
    statusCode: z.number().int().nullable(),
    latencyMs: z.number().int().nullable(),
    error: z.string().nullable(),
    responseExcerpt: z.string().nullable(),
  })
  .strict()
  .openapi('WebhookAttempt');

/** `{items, total, take, skip}` of the webhook delivery and attempt lists. */
export const pageOf = <T extends z.ZodTypeAny>(item: T) => z.object({ items: z.array(item), total: z.number().int(), take: z.number().int(), skip: z.number().int() }).strict();

export const DataSubjectRequest = z.object({ requestId: z.string(), requestedAt: dateTime() }).strict().openapi('DataSubjectRequest');

/** A PIX Automático recurrence (API Pix `rec`), amounts in cents. */
export const Recurrence = z
  .object({
    id: z.string(),
    recId: z.string().describe('API Pix idRec (29 characters)'),
    status: open(RECURRENCE_STATUSES, 'recurrence status'),
    journey: z.enum(AUTHORISATION_JOURNEYS),
    contract: z.object({
      object: z.string().nullable(),
      number: z.string(),
      payer: z.object({ name: z.string(), document: z.string(), documentType: z.enum(['CPF', 'CNPJ']) }),
    }),
    calendar: z.object({ firstDate: z.string().describe('YYYY-MM-DD'), lastDate: z.string().nullable(), period: z.enum(RECURRENCE_PERIODS) }),
    amountType: z.enum(['FIXED', 'VARIABLE']),
    amount: cents('FIXED: every cycle, in cents').nullable(),
    minimumAmount: cents('VARIABLE: the least a cycle may be, in cents').nullable(),
    nextCycleAmount: cents('VARIABLE: the amount set for the next cycle to be made (POST .../next-cycle-amount), in cents, until that cycle takes it; null when not set, and for FIXED').nullable(),
    retryPolicy: z.enum(RETRY_POLICIES),
    authorisation: z.object({
      copyPaste: z.string().nullable().describe('QR journeys: the BR Code to show or copy'),
      qrCode: z.string().nullable().describe('QR journeys: URL of the QR image (PNG; .svg for SVG)'),
      pushRequestStatus: open(['SENT', 'ACCEPTED', 'REJECTED', 'EXPIRED'], 'PUSH_REQUEST: where the request to the payer’s bank stands').nullable(),
      firstPaymentTransactionId: z.string().nullable().describe('QR_WITH_FIRST_PAYMENT: the immediate charge paid with the authorisation'),
      expiresAt: dateTime(),
    }),
    endedBy: open(['SELLER', 'PAYER', 'PAYER_INSTITUTION', 'SYSTEM'], 'who ended it').nullable(),
    endReason: z.string().nullable(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
    approvedAt: dateTime().nullable(),
  })
  .openapi('Recurrence');

/** A cycle of a recurrence (our record of its `cobr`): its charge and the payer's institution's attempts. */
export const RecurrenceCycle = z
  .object({
    number: z.number().int().describe('1 for the cycle due on the first date'),
    dueDate: z.string().describe('YYYY-MM-DD'),
    amount: cents('in cents; null for a MISSED variable cycle whose amount was never set').nullable(),
    status: open(CYCLE_STATUSES, 'cycle status'),
    transactionId: z.string().nullable().describe('the seller’s charge of the cycle (metadata.recurrenceId and metadata.recurrenceCycle link it back); null when none was made'),
    attempts: z.number().int().describe('how many attempts the payer’s institution made'),
    attemptHistory: z.array(
      z.object({
        number: z.number().int().describe('1 on the due date, then each retry'),
        on: z.string().describe('YYYY-MM-DD: the day of the attempt'),
        outcome: open(['PAID', 'FAILED'], 'attempt outcome'),
        reason: z.string().nullable(),
        at: dateTime(),
      }),
    ),
    nextAttemptOn: z.string().nullable().describe('YYYY-MM-DD: the retry after a failed attempt, when the policy allows one'),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .openapi('RecurrenceCycle');

/** What a recurrence's cycle events carry: the recurrence and the cycle concerned. */
export const RecurrenceEvent = Recurrence.extend({ cycle: RecurrenceCycle.optional().describe('RECURRENCE_CYCLE_* events: the cycle concerned') }).openapi('RecurrenceEvent');

/** A marketplace recipient's SPLIT_SHARE_* webhook body: its own part only. */
export const SplitShareChange = z
  .object({
    transactionId: z.string().describe('the split charge'),
    marketplaceId: z.string(),
    marketplaceName: z.string(),
    recipientId: z.string().describe('the recipient (the receiving seller)'),
    end2endId: z.string().optional().describe("the payment's end-to-end id"),
    gross: cents("the recipient's part of the amount, before fees"),
    fee: cents("the recipient's part of the PIX fee"),
    returned: cents('given back so far, this change included'),
    cause: z.enum(SPLIT_SHARE_CAUSES),
    amount: cents('cents this change moved'),
    occurredAt: dateTime(),
  })
  .strict()
  .openapi('SplitShareChange', { description: "A change of a recipient's part of a split charge: nothing of the buyer, the charge's amount or the other parties." });

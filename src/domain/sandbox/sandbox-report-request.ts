import { z } from 'zod';
import { isCivilDate } from '../due-date/civil-dates';
import { coded, codedMessage, asObject } from '../shared/zod-input';

/** A status word of a simulated institution report. */
export const reportedStatus = z.string(coded('INVALID_FIELD', 'status must be a string of 1 to 50 characters (unknown words become FAILED)')).min(1).max(50);

/** Anything but a string is ignored. */
export const textOrNothing = z.preprocess((v) => (typeof v === 'string' ? v : undefined), z.string().optional());

/** Body of POST /v1/sandbox/transactions/:id/report (and the GraphQL mutation), checked once the charge is found. */
export const SandboxChargeReport = z.preprocess(asObject, z.object({ status: reportedStatus.describe('unknown words become FAILED'), refusedReason: textOrNothing }).strict());

const INVALID_PAYMENT_DATE = coded('INVALID_PAYMENT_DATE', 'paymentDate must be a calendar date YYYY-MM-DD');

/** Body of POST /v1/sandbox/transactions/:id/pay (optional): the day a charge with a due date is paid on, default today (Brasília). */
export const SandboxPayRequest = z.preprocess(
  asObject,
  z
    .object({
      paymentDate: z
        .string(INVALID_PAYMENT_DATE)
        .refine(isCivilDate, { message: codedMessage('INVALID_PAYMENT_DATE', 'paymentDate must be a calendar date YYYY-MM-DD') })
        .nullish()
        .describe('charges with a due date: the day the payer pays on (YYYY-MM-DD, from the day of creation); default today in Brasília'),
    })
    .strict(),
);

/** Body of POST /v1/sandbox/withdrawals/:id/report. */
export const SandboxWithdrawalReport = z.preprocess(asObject, z.object({ status: reportedStatus, reason: textOrNothing }).strict());

/** Body of POST /v1/sandbox/disputes/:id/decide. */
export const SandboxDisputeDecision = z.preprocess(asObject, z.object({ outcome: z.enum(['WON', 'LOST'], coded('INVALID_OUTCOME', 'outcome must be WON or LOST')) }).strict());

import { z } from 'zod';
import { asObject, coded, codedMessage, parseWith } from '../shared/zod-input';

export const MAX_RESEND_IDS = 100;
const RESEND_ID_MAX = 200;

/** A non-empty list of at most 100 ids of 1 to 200 characters; any fault is reported against the whole list. Repeated ids count once. */
const resendIds = (field: string) => {
  const fault = coded('INVALID_RESEND_IDS', `${field} must be a non-empty array of at most ${MAX_RESEND_IDS} ids`, field);
  return z
    .array(z.string(fault).min(1).max(RESEND_ID_MAX), fault)
    .min(1)
    .max(MAX_RESEND_IDS)
    .transform((ids) => [...new Set(ids)]);
};

/** POST /v1/webhooks/resend-transaction-event and `resendTransactionEvents`. */
export const ResendTransactionEvents = z.object({ transactionIds: resendIds('transactionIds') }).strict();

/** POST /v1/webhooks/resend-withdrawal-event and `resendWithdrawalEvents`. */
export const ResendWithdrawalEvents = z.object({ withdrawalIds: resendIds('withdrawalIds') }).strict();

export const parseResendTransactionEvents = (input: unknown): string[] => parseWith(ResendTransactionEvents, asObject(input)).transactionIds;
export const parseResendWithdrawalEvents = (input: unknown): string[] => parseWith(ResendWithdrawalEvents, asObject(input)).withdrawalIds;

/** An ISO 8601 date-time (a date alone is midnight UTC); a Date from GraphQL is taken as it is. */
export const instant = (field: string, description: string) => {
  const message = `${field} must be an ISO 8601 date-time`;
  return z
    .preprocess(
      (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : v),
      z
        .string(coded('INVALID_DATE', message))
        .regex(/^\d{4}-\d{2}-\d{2}/)
        .refine((s) => !Number.isNaN(Date.parse(s)), { message: codedMessage('INVALID_DATE', message) })
        .transform((s) => new Date(s)),
    )
    .describe(`ISO 8601 date-time such as 2026-01-31T12:00:00Z (a date alone is midnight UTC); ${description}`);
};

/** Absent or null: no filter. Anything else is read as text. */
const webhookId = z.preprocess((v) => (v === undefined || v === null ? undefined : String(v)), z.string().optional()).describe('only the deliveries of this webhook');

/** POST /v1/webhooks/replay-failed and `replayFailedWebhookDeliveries`: from, then to (absent is now). */
export const ReplayFailed = z.object({
  from: instant('from', 'deliveries created at or after it'),
  to: instant('to', 'deliveries created at or before it; absent or null is now').nullish(),
  webhookId,
}).strict();

export interface ReplayRange {
  from: Date;
  /** Absent: up to now. */
  to?: Date;
  webhookId?: string;
}

export function parseReplayFailed(input: unknown): ReplayRange {
  const r = parseWith(ReplayFailed, asObject(input));
  const range: ReplayRange = { from: r.from };
  if (r.to !== null && r.to !== undefined) range.to = r.to;
  if (r.webhookId !== undefined) range.webhookId = r.webhookId;
  return range;
}

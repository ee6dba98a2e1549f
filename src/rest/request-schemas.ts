import { z } from 'zod';
import { reportedStatus, textOrNothing } from '../domain/sandbox/sandbox-report-request';
import { coded, codedMessage, asObject } from '../domain/shared/zod-input';

/**
 * Bodies of REST-only routes (the institution's callback and the sandbox simulations):
 * the routes parse them with `parseWith`, the OpenAPI document describes them.
 */

const institutionText = (field: string) => {
  const invalid = codedMessage('INVALID_FIELD', `${field} must be a string of 1 to 200 characters`);
  const missing = codedMessage('FIELD_REQUIRED', `${field} is required`);
  return z.string({ errorMap: (_issue, ctx) => ({ message: ctx.data === undefined || ctx.data === null ? missing : invalid }) }).min(1).max(200);
};
const optionalText = (field: string) => institutionText(field).nullish();

/** POST /v1/institution/reports. `paidAt` is checked first, then the rest in order. */
export const InstitutionReport = z.preprocess(
  asObject,
  z.object({
    paidAt: optionalText('paidAt').refine((v) => v == null || !Number.isNaN(Date.parse(v)), {
      message: codedMessage('INVALID_FIELD', 'paidAt must be an ISO 8601 date-time'),
    }),
    reportId: institutionText('reportId').describe('idempotency: a repeated reportId changes nothing'),
    transactionId: institutionText('transactionId'),
    status: institutionText('status').describe('unknown words become FAILED'),
    end2endId: optionalText('end2endId'),
    refusedReason: optionalText('refusedReason'),
  }),
);

/** POST /v1/sandbox/withdrawals/:id/report. */
export const SandboxWithdrawalReport = z.preprocess(asObject, z.object({ status: reportedStatus, reason: textOrNothing }));

/** POST /v1/sandbox/disputes/:id/decide. */
export const SandboxDisputeDecision = z.preprocess(asObject, z.object({ outcome: z.enum(['WON', 'LOST'], coded('INVALID_OUTCOME', 'outcome must be WON or LOST')) }));

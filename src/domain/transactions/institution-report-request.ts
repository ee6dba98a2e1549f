import { z } from 'zod';
import { asObject, codedMessage } from '../shared/zod-input';

const institutionText = (field: string) => {
  const invalid = codedMessage('INVALID_FIELD', `${field} must be a string of 1 to 200 characters`);
  const missing = codedMessage('FIELD_REQUIRED', `${field} is required`);
  return z.string({ errorMap: (_issue, ctx) => ({ message: ctx.data === undefined || ctx.data === null ? missing : invalid }) }).min(1).max(200);
};
const optionalText = (field: string) => institutionText(field).nullish();

/** Body of POST /v1/institution/reports. `paidAt` is checked first, then the rest in order. */
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

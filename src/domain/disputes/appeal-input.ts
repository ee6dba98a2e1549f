import { z } from 'zod';
import { validationError } from '../shared/errors';
import { coded, codedMessage, parseWith } from '../shared/zod-input';
import { APPEAL_LIMITS, detectEvidenceType, type EvidenceUpload } from './evidence';

export interface AppealInput {
  disputeId: string;
  appealReason: string;
  files: EvidenceUpload[];
}

/** A string is trimmed before it is checked; anything else is checked as it is. */
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/**
 * The appeal's text fields (REST multipart form fields, GraphQL arguments): parsed here,
 * described by the OpenAPI document. `disputeId` is checked first, then `appealReason`.
 */
export const AppealFields = z.object({
  disputeId: z.preprocess(
    trimmed,
    z
      .string(coded('DISPUTE_ID_REQUIRED', 'disputeId is required (at most 128 characters)'))
      .min(1)
      .max(128)
      .describe('the dispute to contest'),
  ),
  appealReason: z.preprocess(
    trimmed,
    z
      .string(coded('APPEAL_REASON_REQUIRED', 'appealReason is required'))
      .min(1)
      .max(APPEAL_LIMITS.maxReasonLength, codedMessage('APPEAL_REASON_TOO_LONG', `appealReason must have at most ${APPEAL_LIMITS.maxReasonLength} characters`))
      .describe('detailed justification'),
  ),
});

/** Checks the appeal's fields and files (count, size, type by content); stable codes, 400. */
export function parseAppeal(raw: { disputeId?: unknown; appealReason?: unknown; files: EvidenceUpload[] }): AppealInput {
  const { disputeId, appealReason } = parseWith(AppealFields, { disputeId: raw.disputeId, appealReason: raw.appealReason });
  if (raw.files.length > APPEAL_LIMITS.maxFiles) throw validationError('TOO_MANY_FILES', `at most ${APPEAL_LIMITS.maxFiles} files`, { max: APPEAL_LIMITS.maxFiles });
  raw.files.forEach((f, i) => {
    if (f.content.length > APPEAL_LIMITS.maxFileBytes) throw validationError('FILE_TOO_LARGE', `each file must have at most ${APPEAL_LIMITS.maxFileBytes} bytes`, { file: f.name });
    if (f.content.length === 0 || !detectEvidenceType(f.content.subarray(0, 16))) {
      throw validationError('INVALID_FILE_TYPE', 'files must be PDF, JPG or PNG (judged by their content)', { file: f.name, index: i });
    }
  });
  return { disputeId, appealReason, files: raw.files };
}

import { z } from 'zod';
import { validationError } from '../shared/errors';
import { coded, codedMessage, parseWith, refuseUnstorableText } from '../shared/zod-input';

export const REASON_MAX = 1_000;

/**
 * An optional free-text reason: a string of at most 1,000 storable characters, trimmed;
 * empty or null is none. Its errors carry no details but INVALID_TEXT's.
 */
export const reasonText = (field = 'reason') =>
  z
    .preprocess(
      (v, ctx) => {
        if (v === null) return undefined;
        refuseUnstorableText(v, ctx, field);
        return typeof v === 'string' ? v.trim() : v;
      },
      z
        .string(coded('INVALID_REASON', `${field} must be a string`, null))
        .max(REASON_MAX, codedMessage('REASON_TOO_LONG', `${field} must have at most ${REASON_MAX} characters`, null))
        .optional(),
    )
    .transform((reason) => reason || null);

/** POST /data-subject/erasure-request's body (GraphQL `requestErasure(reason)` alike), as the OpenAPI document describes it. */
export const ErasureRequestFields = z.object({ reason: reasonText().describe('recommended') }, coded('INVALID_BODY', 'the body must be a JSON object', null)).strict();

/** The same, absent read as `{}`. */
export const ErasureRequestBody = z.preprocess((v) => v ?? {}, ErasureRequestFields);

export function parseReason(raw: unknown, field = 'reason'): string | null {
  return parseWith(reasonText(field), raw);
}

/** The same, mandatory (an operator's rejection must say why). */
export function requireReason(raw: unknown, field = 'reason'): string {
  const reason = parseReason(raw, field);
  if (reason === null) throw validationError('REASON_REQUIRED', `${field} is required`);
  return reason;
}

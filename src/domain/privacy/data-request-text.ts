import { validationError } from '../shared/errors';
import { assertStorableText } from '../shared/text';

export const REASON_MAX = 1_000;

/** An optional free-text reason: a string of at most 1,000 storable characters, trimmed; empty is none. */
export function parseReason(raw: unknown, field = 'reason'): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw validationError('INVALID_REASON', `${field} must be a string`);
  assertStorableText(raw, field);
  const reason = raw.trim();
  if (reason.length > REASON_MAX) throw validationError('REASON_TOO_LONG', `${field} must have at most ${REASON_MAX} characters`);
  return reason === '' ? null : reason;
}

/** The same, mandatory (an operator's rejection must say why). */
export function requireReason(raw: unknown, field = 'reason'): string {
  const reason = parseReason(raw, field);
  if (reason === null) throw validationError('REASON_REQUIRED', `${field} is required`);
  return reason;
}

/**
 * An integer from a query string (`"10"`, `"+3"`, `"-1"`) or a number argument; null
 * when it is not one (callers answer with their own error code and bounds).
 */
export function integerParam(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v === 'string' && /^[+-]?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return null;
}

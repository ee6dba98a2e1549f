import { z } from 'zod';
import { isDomainError, validationError } from './errors';
import { integerParam } from './query-params';
import { assertStorableText } from './text';

/**
 * Request schemas that validate at run time and describe the request in the OpenAPI
 * document, with the service's stable error codes: each field carries the code and
 * message of its failure (`coded`), and the first failing field, in the schema's key
 * order, becomes the DomainError a hand-written parser would have thrown.
 */
const SEPARATOR = '\u0000';

/**
 * The message of an issue that carries its code (for `.refine(check, { message })`).
 * `details`, when given, are the error's details as they are (null: none) instead of
 * `{ field }`, for errors whose documented shape predates the schema.
 */
export const codedMessage = (code: string, message: string, details?: Record<string, unknown> | null): string =>
  details === undefined ? `${code}${SEPARATOR}${message}` : `${code}${SEPARATOR}${message}${SEPARATOR}${JSON.stringify(details)}`;

/** An error map giving every issue of a schema one code and message (refinements take `codedMessage`). */
export function coded(code: string, message: string, details?: Record<string, unknown> | null): { errorMap: z.ZodErrorMap } {
  return { errorMap: () => ({ message: codedMessage(code, message, details) }) };
}

/**
 * For `z.preprocess((v, ctx) => ...)`: refuses a string the database cannot store with
 * the shared INVALID_TEXT error (details `{ field, problem }`), before any other check.
 */
export function refuseUnstorableText(value: unknown, ctx: z.RefinementCtx, field: string, singleLine = false): void {
  if (typeof value !== 'string') return;
  try {
    assertStorableText(value, field, singleLine);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: codedMessage(e.code, e.message, e.details ?? null), fatal: true });
  }
}

/** A custom issue (cross-field rules, `superRefine`) with its code. */
export function issue(ctx: z.RefinementCtx, code: string, message: string, path: (string | number)[]): void {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: codedMessage(code, message), path });
}

/** Parses `input` or throws the first issue as a 400 with its code and `details.field`. */
export function parseWith<T extends z.ZodTypeAny>(schema: T, input: unknown, fallbackCode = 'INVALID_FIELD'): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const first = result.error.issues[0]!;
  const [code, message, details] = first.message.includes(SEPARATOR) ? first.message.split(SEPARATOR, 3) : [fallbackCode, first.message];
  const field = first.path.join('.') || 'body';
  throw validationError(code!, message!, details === undefined ? { field } : ((JSON.parse(details) as Record<string, unknown> | null) ?? undefined));
}

/** A query value left empty (`?take=`) counts as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional integer query parameter (`"10"`, `" +3 "` or a number), bounded, with its code. */
export function queryInteger(o: { min: number; max?: number; code: string; message: string; description?: string }) {
  let n = z.number(coded(o.code, o.message)).int().min(o.min);
  if (o.max !== undefined) n = n.max(o.max);
  if (o.description) n = n.describe(o.description);
  return z.preprocess((v) => {
    const b = blankToUndefined(v);
    return b === undefined ? undefined : (integerParam(b) ?? b);
  }, n.optional());
}

/** An optional query value from a fixed list, with its code. */
export function queryEnum<T extends readonly [string, ...string[]]>(values: T, o: { code: string; message: string; description?: string }) {
  const e = z.enum(values, coded(o.code, o.message));
  return z.preprocess(blankToUndefined, (o.description ? e.describe(o.description) : e).optional());
}

/** An optional query string, with its code for a wrong type or length. */
export function queryText(o: { max: number; code: string; message: string; description?: string; pattern?: RegExp }) {
  let s = z.string(coded(o.code, o.message)).max(o.max);
  if (o.pattern) s = s.regex(o.pattern);
  return z.preprocess(blankToUndefined, (o.description ? s.describe(o.description) : s).optional());
}

import { z } from 'zod';
import { validationError } from './errors';
import { integerParam } from './query-params';
import { INVALID_TEXT, textProblem, textProblemMessage } from './text';

/**
 * Request schemas that validate at run time and describe the request in the OpenAPI
 * document, with the service's stable error codes: each field carries the code and
 * message of its failure (`coded`), and the first failing field, in the schema's key
 * order, becomes the DomainError a hand-written parser would have thrown.
 */
const SEPARATOR = '\u0000';

/**
 * The message of an issue that carries its code (for `.refine(check, { message })`).
 * The third argument, when given, is either the field `details.field` names instead of the
 * issue's path (the items of a list reported as the list; a schema parsed on its own that
 * knows its field), or the error's whole details (null: none), for errors whose documented
 * shape predates the schema.
 */
export const codedMessage = (code: string, message: string, fieldOrDetails?: string | Record<string, unknown> | null): string =>
  fieldOrDetails === undefined ? `${code}${SEPARATOR}${message}` : `${code}${SEPARATOR}${message}${SEPARATOR}${JSON.stringify(fieldOrDetails)}`;

/** An error map giving every issue of a schema one code and message (refinements take `codedMessage`). */
export function coded(code: string, message: string, fieldOrDetails?: string | Record<string, unknown> | null): { errorMap: z.ZodErrorMap } {
  return { errorMap: () => ({ message: codedMessage(code, message, fieldOrDetails) }) };
}

/**
 * For `z.preprocess((v, ctx) => ...)`: refuses a string the database cannot store with
 * the shared INVALID_TEXT error (details `{ field, problem }`), before any other check.
 */
export function refuseUnstorableText(value: unknown, ctx: z.RefinementCtx, field: string, singleLine = false): void {
  const problem = typeof value === 'string' ? textProblem(value, singleLine) : null;
  if (problem) issue(ctx, INVALID_TEXT, textProblemMessage(field, problem), [], { field, details: { problem }, fatal: true });
}

/**
 * A custom issue (cross-field rules, `superRefine`, `transform`) with its code. `field`
 * names what `details.field` reports instead of the path; `details` join `field` in the
 * error's details; `fatal` stops the schema it is raised in.
 */
export function issue(
  ctx: z.RefinementCtx,
  code: string,
  message: string,
  path: (string | number)[],
  o: { field?: string; details?: Record<string, unknown>; fatal?: boolean } = {},
): undefined {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: codedMessage(code, message, o.field), path, ...(o.details ? { params: o.details } : {}), ...(o.fatal ? { fatal: true } : {}) });
  return undefined;
}

/** A body that is not an object (or is a list) reads as `{}`, so its fields are reported as missing. */
export const asObject = (v: unknown): unknown => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

/**
 * Runs `schema` on a part of the input inside a refinement or transform: `{ value }`,
 * or `undefined` once its first issue is raised on `ctx` under `path`.
 */
export function parsePart<T extends z.ZodTypeAny>(ctx: z.RefinementCtx, schema: T, input: unknown, path: (string | number)[]): { value: z.output<T> } | undefined {
  const result = schema.safeParse(input);
  if (result.success) return { value: result.data };
  const first = result.error.issues[0]!;
  ctx.addIssue({ ...first, path: [...path, ...first.path] } as z.IssueData);
  return undefined;
}

/** Fields a strict object does not know, as 400 UNKNOWN_FIELD naming them (`customer.nmae`). */
function unknownFields(issue: z.ZodIssue & { code: 'unrecognized_keys' }) {
  const fields = issue.keys.map((k) => [...issue.path, k].join('.'));
  const names = fields.map((f) => JSON.stringify(f)).join(', ');
  return validationError('UNKNOWN_FIELD', `unknown field${fields.length > 1 ? 's' : ''} ${names}`, { field: fields[0]!, fields });
}

/**
 * Parses `input` or throws the first issue as a 400 with its code and `details.field` (and
 * the issue's own details). Unknown fields of a strict object come first: a misspelt field
 * explains the failures of the field it was meant to be.
 */
export function parseWith<T extends z.ZodTypeAny>(schema: T, input: unknown, fallbackCode = 'INVALID_FIELD'): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const unknown = result.error.issues.find((i): i is z.ZodIssue & { code: 'unrecognized_keys' } => i.code === z.ZodIssueCode.unrecognized_keys);
  if (unknown) throw unknownFields(unknown);
  const first = result.error.issues[0]!;
  const [code, message, extra] = first.message.includes(SEPARATOR) ? first.message.split(SEPARATOR, 3) : [fallbackCode, first.message];
  const named = extra === undefined ? undefined : (JSON.parse(extra) as string | Record<string, unknown> | null);
  const base = typeof named === 'string' ? { field: named } : named === undefined ? { field: first.path.join('.') || 'body' } : (named ?? undefined);
  const details = first.code === z.ZodIssueCode.custom && first.params ? { ...base, ...first.params } : base;
  throw validationError(code!, message!, details);
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

import { z } from 'zod';
import { preprocess, refine, transform } from './zod-effects';
import { coded, codedMessage, issue, refuseUnstorableText } from './zod-input';

/**
 * Optional text a client sends (descriptions, names, references), as the services
 * store it: absent, null or blank reads as null, the rest is trimmed. Checked in this
 * order: a string (`INVALID_FIELD`), storable (`INVALID_TEXT` with `details.problem`,
 * before trimming, so a trailing line break of a single-line field is refused), then
 * at most `max` UTF-16 units after trimming (`FIELD_TOO_LONG`). `label` names the
 * field in messages.
 */
export function storableText(label: string, max: number, o: { singleLine?: boolean; description?: string } = {}) {
  let text = z
    .string(coded('INVALID_FIELD', `${label} must be a string`))
    .trim()
    .max(max, { message: codedMessage('FIELD_TOO_LONG', `${label} must have at most ${max} characters`) });
  if (o.description) text = text.describe(o.description);
  const storable = preprocess((v, ctx) => {
    refuseUnstorableText(v, ctx, label, o.singleLine);
    return v;
  }, text);
  return transform(storable, blankToNull).nullish();
}

export const blankToNull = (s: string): string | null => (s === '' ? null : s);

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A JSON object kept exactly as sent. zod's record rebuilds the object and drops a
 * `"__proto__"` key, which is data here; this one checks the type and hands the
 * client's object on. The document shows it as a record.
 */
class JsonObjectSchema extends z.ZodRecord<z.ZodString, z.ZodUnknown> {
  override _parse(input: z.ParseInput): z.ParseReturnType<Record<string, unknown>> {
    const { ctx } = this._processInputParams(input);
    if (isPlainObject(ctx.data)) return z.OK(ctx.data);
    z.addIssueToContext(ctx, { code: z.ZodIssueCode.invalid_type, expected: z.ZodParsedType.object, received: ctx.parsedType });
    return z.INVALID;
  }
}

/**
 * Free JSON `metadata`: an object of at most `maxKeys` keys that serialises to at most
 * `maxBytes` bytes, each rule answering `code` (INVALID_METADATA).
 */
export function jsonMetadata(o: { field: string; code: string; maxKeys: number; maxBytes: number; description?: string }) {
  const base = new JsonObjectSchema(z.record(z.unknown(), coded(o.code, `${o.field} must be a JSON object`))._def);
  const checked = refine(base, (v, ctx) => {
    if (Object.keys(v).length > o.maxKeys) issue(ctx, o.code, `${o.field} may have at most ${o.maxKeys} keys`, []);
    else if (Buffer.byteLength(JSON.stringify(v)) > o.maxBytes) issue(ctx, o.code, `${o.field} must serialise to at most ${o.maxBytes} bytes`, []);
  });
  return (o.description ? checked.describe(o.description) : checked).nullish();
}

/**
 * A field its object checks later, in a refinement that decides whether and when
 * (rules that depend on other fields): here the client's value passes as it is. The
 * document shows it as `schema`, which the refinement parses it with.
 */
class CheckedLater<T extends z.ZodTypeAny> extends z.ZodEffects<T, unknown, unknown> {
  override _parse(input: z.ParseInput): z.ParseReturnType<unknown> {
    return z.OK(input.data);
  }

  // Required and nullable as `schema` is, for the document.
  override isOptional(): boolean {
    return this._def.schema.isOptional();
  }

  override isNullable(): boolean {
    return this._def.schema.isNullable();
  }
}

export const checkedLater = <T extends z.ZodTypeAny>(schema: T) =>
  new CheckedLater<T>({ schema, typeName: z.ZodFirstPartyTypeKind.ZodEffects, effect: { type: 'refinement', refinement: () => undefined }, description: schema.description });

/**
 * A required `amount` in integer cents, checked in this order: present
 * (`AMOUNT_REQUIRED`), a safe integer (`INVALID_AMOUNT`), then `AMOUNT_TOO_LOW` /
 * `AMOUNT_TOO_HIGH`.
 */
export function amountInCents(o: { min: number; max: number; description: string }) {
  const required = codedMessage('AMOUNT_REQUIRED', 'amount is required (integer cents)');
  const invalid = codedMessage('INVALID_AMOUNT', 'amount must be an integer number of cents');
  return z
    .number({ errorMap: (_issue, ctx) => ({ message: ctx.data === undefined || ctx.data === null ? required : invalid }) })
    .int({ message: invalid })
    .safe({ message: invalid })
    .min(o.min, { message: codedMessage('AMOUNT_TOO_LOW', `amount must be at least ${o.min} ${o.min === 1 ? 'cent' : 'cents'}`) })
    .max(o.max, { message: codedMessage('AMOUNT_TOO_HIGH', `amount must be at most ${o.max} cents`) })
    .describe(o.description);
}

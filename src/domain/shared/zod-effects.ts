import { z } from 'zod';

/**
 * zod's effects (`z.preprocess`, `.transform`, `.superRefine`) with the same meaning,
 * without what zod v3 pays on every parse for the context it hands a function (an
 * accessor and a bound function per call: about 2 µs each, and the create bodies
 * have a dozen effects on their path). The document sees them as zod's effects.
 * Synchronous parsing only, as every request schema here is.
 */
class LeanEffects<T extends z.ZodTypeAny, Output, Input> extends z.ZodEffects<T, Output, Input> {
  override _parse(input: z.ParseInput): z.ParseReturnType<Output> {
    const { status, ctx } = this._processInputParams(input);
    const effect = this._def.effect;
    const checkCtx: z.RefinementCtx = {
      addIssue(arg) {
        z.addIssueToContext(ctx, arg);
        if (arg.fatal) status.abort();
        else status.dirty();
      },
      path: ctx.path,
    };
    if (effect.type === 'preprocess') {
      const processed = effect.transform(ctx.data, checkCtx);
      if (status.value === 'aborted') return z.INVALID;
      const result = this._def.schema._parseSync({ data: processed, path: ctx.path, parent: ctx });
      if (result.status === 'aborted') return z.INVALID;
      if (result.status === 'dirty' || status.value === 'dirty') return z.DIRTY(result.value);
      return result;
    }
    const inner = this._def.schema._parseSync({ data: ctx.data, path: ctx.path, parent: ctx });
    if (effect.type === 'refinement') {
      if (inner.status === 'aborted') return z.INVALID;
      if (inner.status === 'dirty') status.dirty();
      effect.refinement(inner.value, checkCtx);
      return { status: status.value, value: inner.value };
    }
    if (!z.isValid(inner)) return z.INVALID;
    const value = effect.transform(inner.value, checkCtx) as Output;
    return { status: status.value, value };
  }
}

const EFFECTS = z.ZodFirstPartyTypeKind.ZodEffects;

/** `z.preprocess(fn, schema)`. */
export const preprocess = <T extends z.ZodTypeAny>(fn: (v: unknown, ctx: z.RefinementCtx) => unknown, schema: T) =>
  new LeanEffects<T, z.output<T>, unknown>({ schema, typeName: EFFECTS, effect: { type: 'preprocess', transform: fn } });

/** `schema.transform(fn)`: runs when `schema` is valid. */
export const transform = <T extends z.ZodTypeAny, O>(schema: T, fn: (v: z.output<T>, ctx: z.RefinementCtx) => O) =>
  new LeanEffects<T, O, z.input<T>>({ schema, typeName: EFFECTS, effect: { type: 'transform', transform: fn } });

/** `schema.superRefine(fn)`: runs unless `schema` aborted. */
export const refine = <T extends z.ZodTypeAny>(schema: T, fn: (v: z.output<T>, ctx: z.RefinementCtx) => void) =>
  new LeanEffects<T, z.output<T>, z.input<T>>({ schema, typeName: EFFECTS, effect: { type: 'refinement', refinement: fn } });

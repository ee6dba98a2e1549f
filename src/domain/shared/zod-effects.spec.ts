import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { preprocess, refine, transform } from './zod-effects';

const inputs: unknown[] = ['abc', '', ' x ', 'toolong', 5, null, undefined, { a: 1 }];
const outcome = (s: z.ZodTypeAny, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? { data: r.data as unknown } : { issues: r.error.issues };
};
const trimmed = () => z.string().trim().max(5);
const addIfEmpty = (s: string, ctx: z.RefinementCtx) => {
  if (s === '') ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'empty', path: ['here'] });
};

describe('lean effects', () => {
  it.each([
    ['preprocess', preprocess((v) => (typeof v === 'number' ? String(v) : v), trimmed()), z.preprocess((v) => (typeof v === 'number' ? String(v) : v), trimmed())],
    [
      'preprocess raising a fatal issue',
      preprocess((v, ctx) => {
        if (v === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'no null', fatal: true });
        return v;
      }, trimmed().nullable()),
      z.preprocess((v, ctx) => {
        if (v === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'no null', fatal: true });
        return v;
      }, trimmed().nullable()),
    ],
    ['transform', transform(trimmed(), (s) => s.toUpperCase()), trimmed().transform((s) => s.toUpperCase())],
    [
      'transform raising an issue',
      transform(trimmed(), (s, ctx) => {
        addIfEmpty(s, ctx);
        return s;
      }),
      trimmed().transform((s, ctx) => {
        addIfEmpty(s, ctx);
        return s;
      }),
    ],
    ['refine (also on a dirty value)', refine(trimmed(), addIfEmpty), trimmed().superRefine(addIfEmpty)],
    ['in an object', z.object({ a: transform(trimmed(), (s) => s.length).optional() }), z.object({ a: trimmed().transform((s) => s.length).optional() })],
  ])('%s behaves as zod’s', (_name, lean, zods) => {
    for (const v of inputs) expect(outcome(lean, v)).toEqual(outcome(zods, v));
    for (const v of inputs) expect(outcome(z.object({ f: lean }), { f: v })).toEqual(outcome(z.object({ f: zods }), { f: v }));
  });
});

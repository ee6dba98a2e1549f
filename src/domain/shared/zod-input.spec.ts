import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { coded, codedMessage, issue, parseWith, queryInteger, refuseUnstorableText } from './zod-input';

const schema = z
  .object({
    a: queryInteger({ min: 1, max: 9, code: 'BAD_A', message: 'a must be 1 to 9' }),
    b: z.string(coded('BAD_B', 'b must be a string')).refine((s) => s !== 'no', { message: codedMessage('NO_B', 'b must not be no') }),
  })
  .superRefine((v, ctx) => {
    if (v.a === 5 && v.b === 'five') issue(ctx, 'BOTH', 'a and b disagree', ['a']);
  });

describe('parseWith', () => {
  it('returns the parsed value (query integers read from strings)', () => {
    expect(parseWith(schema, { a: ' 3 ', b: 'x' })).toEqual({ a: 3, b: 'x' });
    expect(parseWith(schema, { a: '', b: 'x' })).toEqual({ a: undefined, b: 'x' });
  });

  it.each([
    [{ a: '0', b: 1 }, 'BAD_A', 'a must be 1 to 9', 'a'],
    [{ a: 'x', b: 'x' }, 'BAD_A', 'a must be 1 to 9', 'a'],
    [{ b: 1 }, 'BAD_B', 'b must be a string', 'b'],
    [{ b: 'no' }, 'NO_B', 'b must not be no', 'b'],
    [{ a: 5, b: 'five' }, 'BOTH', 'a and b disagree', 'a'],
  ])('%j: the first failing field, in key order, with its code', (input, code, message, field) => {
    expect(() => parseWith(schema, input)).toThrow(expect.objectContaining({ code, message, kind: 'VALIDATION', details: { field } }));
  });

  it('an issue may name the field it is reported against (the items of a list as the list)', () => {
    const list = z.object({ ids: z.array(z.string(coded('BAD_IDS', 'ids must be strings', 'ids')), coded('BAD_IDS', 'ids must be strings', 'ids')) });
    expect(() => parseWith(list, { ids: ['a', 2] })).toThrow(expect.objectContaining({ code: 'BAD_IDS', details: { field: 'ids' } }));
    expect(() => parseWith(z.string(coded('BAD_URL', 'url is required', 'url')), 3)).toThrow(expect.objectContaining({ code: 'BAD_URL', details: { field: 'url' } }));
  });

  it('an issue without a code gets the fallback code; a failure at the root names the body', () => {
    expect(() => parseWith(z.object({ n: z.number() }), 'text', 'INVALID_BODY')).toThrow(expect.objectContaining({ code: 'INVALID_BODY', details: { field: 'body' } }));
  });

  it('a code given with its own details keeps them as they are (null: none) instead of { field }', () => {
    const own = z.object({ s: z.string(coded('BAD_S', 's must be a string', null)), t: z.string(coded('BAD_T', 't must be a string', { limit: 3 })) });
    expect(() => parseWith(own, { s: 1 })).toThrow(expect.objectContaining({ code: 'BAD_S', message: 's must be a string', details: undefined }));
    expect(() => parseWith(own, { s: 'x', t: 1 })).toThrow(expect.objectContaining({ code: 'BAD_T', details: { limit: 3 } }));
  });

  it('refuseUnstorableText stops at INVALID_TEXT before the other checks', () => {
    const text = z.preprocess((v, ctx) => {
      refuseUnstorableText(v, ctx, 'note');
      return v;
    }, z.string().max(2, codedMessage('TOO_LONG', 'note is too long')));
    expect(() => parseWith(text, 'long\u0000')).toThrow(expect.objectContaining({ code: 'INVALID_TEXT', details: { field: 'note', problem: 'NUL' } }));
    expect(() => parseWith(text, 'long')).toThrow(expect.objectContaining({ code: 'TOO_LONG' }));
    expect(parseWith(text, 'ok')).toBe('ok');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertStorableJson, textProblem } from './text';

describe('textProblem', () => {
  it.each([
    ['plain', false, null],
    ['acentuação ção 🙂', false, null],
    ['a\u0000b', false, 'NUL'],
    ['a\u0007b', false, 'CONTROL_CHARACTER'],
    ['a\u007fb', false, 'CONTROL_CHARACTER'],
    ['a\u0085b', false, 'CONTROL_CHARACTER'],
    ['line\nbreak\r\tok', false, null],
    ['line\nbreak', true, 'LINE_BREAK'],
    ['tab\there', true, 'LINE_BREAK'],
    ['lone \ud800 high', false, 'UNPAIRED_SURROGATE'],
    ['lone \udc00 low', false, 'UNPAIRED_SURROGATE'],
    ['end \ud83d', false, 'UNPAIRED_SURROGATE'],
  ] as const)('%j (single line: %s) -> %s', (s, single, expected) => {
    expect(textProblem(s, single)).toBe(expected);
  });

  it('accepts exactly the strings that survive a UTF-8 round trip and hold no control character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const wellFormed = Buffer.from(s, 'utf8').toString('utf8') === s;
        const noControls = !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(s);
        expect(textProblem(s) === null).toBe(wellFormed && noControls);
      }),
    );
  });
});

describe('assertStorableJson', () => {
  it('names the field of a bad value, a bad key, or an array element', () => {
    expect(() => assertStorableJson({ a: { b: 'x\u0000' } }, 'metadata')).toThrow(expect.objectContaining({ code: 'INVALID_TEXT', details: { field: 'metadata.a.b', problem: 'NUL' } }));
    expect(() => assertStorableJson({ 'k\u0000': 1 }, 'metadata')).toThrow(expect.objectContaining({ details: { field: 'metadata.k\u0000', problem: 'NUL' } }));
    expect(() => assertStorableJson({ list: ['ok', '\ud800'] }, '')).toThrow(expect.objectContaining({ details: { field: 'list[1]', problem: 'UNPAIRED_SURROGATE' } }));
    expect(() => assertStorableJson({ n: 1, b: true, z: null, s: 'fine\n' }, '')).not.toThrow();
  });
});

import { validationError } from './errors';

/**
 * What may be stored as text. PostgreSQL refuses NUL in text and jsonb, and control
 * characters or lone UTF-16 surrogates are never meaningful in a payment's fields,
 * so every string a client sends is checked here before anything else reads it.
 */
export type TextProblem = 'NUL' | 'CONTROL_CHARACTER' | 'LINE_BREAK' | 'UNPAIRED_SURROGATE';

const DESCRIBE: Record<TextProblem, string> = {
  NUL: 'the NUL character (U+0000)',
  CONTROL_CHARACTER: 'a control character',
  LINE_BREAK: 'a tab or line break',
  UNPAIRED_SURROGATE: 'an unpaired UTF-16 surrogate',
};

/** The first problem of `s`, or null. Multi-line text may hold tab, CR and LF. */
export function textProblem(s: string, singleLine = false): TextProblem | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return 'NUL';
    if (c === 0x09 || c === 0x0a || c === 0x0d) {
      if (singleLine) return 'LINE_BREAK';
      continue;
    }
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return 'CONTROL_CHARACTER';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return 'UNPAIRED_SURROGATE';
    }
    if (c >= 0xdc00 && c <= 0xdfff) return 'UNPAIRED_SURROGATE';
  }
  return null;
}

export const INVALID_TEXT = 'INVALID_TEXT';

/** The message of INVALID_TEXT for `field`. */
export const textProblemMessage = (field: string, problem: TextProblem): string => `${field} contains ${DESCRIBE[problem]}, which is not accepted`;

/** Throws 400 INVALID_TEXT naming the field when `s` cannot be stored. */
export function assertStorableText(s: string, field: string, singleLine = false): void {
  const problem = textProblem(s, singleLine);
  if (problem) throw validationError(INVALID_TEXT, textProblemMessage(field, problem), { field, problem });
}

/**
 * Deepest nesting of arrays and objects accepted in any decoded JSON (REST bodies and
 * queries, GraphQL variables). Deeper values are refused with 400 NESTING_TOO_DEEP
 * before anything walks them recursively (80 kB of `[[[...]]]` is 40,000 levels).
 */
export const MAX_JSON_DEPTH = 32;
export const NESTING_TOO_DEEP = 'NESTING_TOO_DEEP';

/**
 * Walks any decoded JSON value (object keys included), without recursion, and throws
 * for the first string that cannot be stored, or at nesting deeper than MAX_JSON_DEPTH.
 */
export function assertStorableJson(value: unknown, field: string): void {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: field, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: v, path, depth } = next;
    if (typeof v === 'string') {
      assertStorableText(v, path);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw validationError(NESTING_TOO_DEEP, `${field || 'the body'} nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels`, { field: field || 'body', maxDepth: MAX_JSON_DEPTH });
    }
    const children: [string, unknown][] = Array.isArray(v)
      ? v.map((item, i) => [`${path}[${i}]`, item])
      : Object.entries(v as Record<string, unknown>).map(([k, item]) => {
          const keyPath = path ? `${path}.${k}` : k;
          assertStorableText(k, keyPath, true);
          return [keyPath, item];
        });
    // Pushed in reverse, so the first problem in document order is the one reported.
    for (let i = children.length - 1; i >= 0; i--) pending.push({ value: children[i]![1], path: children[i]![0], depth: depth + 1 });
  }
}

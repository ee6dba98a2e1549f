/** Converted texts kept; past this, texts are converted on each call (bounded memory). */
const MAX_CACHED = 1024;
const converted = new Map<string, string>();

/**
 * `?` placeholders -> PostgreSQL's `$1, $2...`. Our statements never put `?` inside a
 * string literal or use the jsonb `?` operators, so a plain scan is exact. Statement
 * texts are nearly all constants, so each is converted once.
 */
export function toPgPlaceholders(text: string): string {
  let out = converted.get(text);
  if (out === undefined) {
    let i = 0;
    out = text.replace(/\?/g, () => `$${++i}`);
    if (converted.size < MAX_CACHED) converted.set(text, out);
  }
  return out;
}

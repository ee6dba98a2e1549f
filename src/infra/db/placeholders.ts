/**
 * `?` placeholders -> PostgreSQL's `$1, $2...`. Our statements never put `?` inside a
 * string literal or use the jsonb `?` operators, so a plain scan is exact.
 */
export function toPgPlaceholders(text: string): string {
  let i = 0;
  return text.replace(/\?/g, () => `$${++i}`);
}

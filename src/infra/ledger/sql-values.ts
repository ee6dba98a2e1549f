/** Conversions for values read from PostgreSQL (bigint arrives as a string). */

/** A bigint column as a JS number of cents; a value beyond the safe range is a broken invariant. */
export function cents(value: unknown): number {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`amount ${value} is not a safe integer`);
    return value;
  }
  if (typeof value === 'string' && /^-?\d+$/.test(value)) {
    const big = BigInt(value);
    if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new Error(`amount ${value} does not fit a safe integer`);
    }
    return Number(big);
  }
  throw new Error(`not an integer amount: ${String(value)}`);
}

export function date(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string') {
    // PostgreSQL text form `2026-03-10 12:00:00.123+00` -> ISO 8601.
    const iso = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
    const d = new Date(iso);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw new Error(`not a timestamp: ${String(value)}`);
}

/** A `date` column as YYYY-MM-DD, whatever the driver's date parsing. */
export function day(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, 10);
  if (value instanceof Date) {
    // node-postgres parses `date` as local midnight; read it back in local time.
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, '0');
    const d = String(value.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  throw new Error(`not a date: ${String(value)}`);
}

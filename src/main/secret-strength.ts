/** The sandbox's public default APP_SECRET: known to everyone, so refused in production. */
export const SANDBOX_DEV_SECRET = 'sandbox-development-secret-change-me-0000';

/** What production asks of a secret: `openssl rand -hex 32` scores about 240 bits by this measure, 16 random bytes in hex about 110. */
export const MIN_SECRET_BITS = 100;

/**
 * A cautious estimate of a secret's strength: its length times the Shannon entropy of
 * its characters. Random strings score close to their true strength; repeated or
 * few-letter values ('p' x 40, 'aaaa...1111') score far below it. It cannot see that a
 * value is a dictionary phrase, so it is a floor, not a proof.
 */
export function estimatedBits(secret: string): number {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  return Math.floor(perChar * chars.length);
}

/** Why a production secret is refused, or undefined when it may be used. */
export function weakSecretProblem(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.includes(SANDBOX_DEV_SECRET)) return `${name} is the public sandbox default; production needs a secret of its own (openssl rand -hex 32)`;
  const bits = estimatedBits(value);
  if (bits < MIN_SECRET_BITS) return `${name} is too predictable for production (about ${bits} bits, at least ${MIN_SECRET_BITS} needed; use openssl rand -hex 32)`;
  return undefined;
}

import type { RetryPolicy } from './retry-policy';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * An API Pix `idRec`: `R`, then `R` when retries are allowed or `N` when not, the
 * receiver's agent (8 characters: its ISPB), the creation date `yyyyMMdd` (Brasília) and
 * an 11-character sequence from `random` (one byte each).
 */
export function buildRecurrenceId(o: { policy: RetryPolicy; agent: string; createdOn: string; random: Uint8Array }): string {
  if (!/^[A-Z0-9]{8}$/.test(o.agent)) throw new Error('the agent of an idRec is 8 characters [A-Z0-9]');
  if (o.random.length < 11) throw new Error('an idRec needs 11 random bytes');
  const sequence = Array.from(o.random.subarray(0, 11), (b) => ALNUM[b % ALNUM.length]).join('');
  return `R${o.policy === 'NONE' ? 'N' : 'R'}${o.agent}${o.createdOn.replaceAll('-', '')}${sequence}`;
}

export const isRecurrenceId = (s: string): boolean => /^R[RN][A-Z0-9]{8}\d{8}[a-zA-Z0-9]{11}$/.test(s);

import { createHash } from 'node:crypto';

/** Efí's `idEnvio` (and the strictest PSP identifier we send): 1 to 35 letters and digits. */
const PSP_ID = /^[a-zA-Z0-9]{1,35}$/;

/**
 * The payout's identifier at the PSP, derived from our withdrawal id alone, so every send
 * and every query of one withdrawal names the same payout. `W` + the id when that fits
 * (our ids are cuid2: lower-case letters and digits); otherwise `W` + 34 hex digits of its
 * SHA-256.
 */
export function pspPayoutId(withdrawalId: string): string {
  const plain = `W${withdrawalId}`;
  if (PSP_ID.test(plain)) return plain;
  return `W${createHash('sha256').update(withdrawalId).digest('hex').slice(0, 34)}`;
}

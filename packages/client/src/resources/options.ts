import type { CallOptions } from '../http/transport.js';

/** Options of the calls that create something (charges, refunds, withdrawals, appeals). */
export interface CreateOptions extends CallOptions {
  /** Sent as `Idempotency-Key` on every attempt of the call; a new UUID when omitted. */
  idempotencyKey?: string;
}

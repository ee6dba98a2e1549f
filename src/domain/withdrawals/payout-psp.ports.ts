import type { Tx } from '../shared/unit-of-work';
import type { PayoutOrder } from './withdrawals.ports';

/** What the PSP holds under our identifier, in withdrawal words (each PSP maps its own by a table). */
export interface PayoutRecord {
  status: 'PROCESSING' | 'PAID' | 'FAILED';
  end2end?: string;
  reason?: string;
  at?: Date;
}

/**
 * A PSP's answer to a send or a query, as far as the exactly-once rules care:
 * - `held`: the PSP's own record of the payout (created now, or found);
 * - `refused`: the PSP said no to the send, and holds nothing (bad key, denied);
 * - `duplicate`: the identifier is taken: the PSP holds a payout under it already;
 * - `absent`: a query found nothing under the identifier;
 * - `unknown`: no usable answer (timeout, reset, 5xx, our setup refused): anything may have happened.
 */
export type PayoutAnswer =
  | { kind: 'held'; record: PayoutRecord }
  | { kind: 'refused'; reason: string }
  | { kind: 'duplicate' }
  | { kind: 'absent' }
  | { kind: 'unknown'; reason: string };

/** A PSP's payout endpoint: send by our identifier, read back by it. Never throws: failures are `unknown`. */
export interface PayoutPsp {
  send(order: PayoutOrder & { pspPayoutId: string }): Promise<PayoutAnswer>;
  query(pspPayoutId: string): Promise<PayoutAnswer>;
}

/** The platform's own balance at the PSP (its float), in cents, or why it could not be read. */
export type FloatReading = { kind: 'read'; cents: number } | { kind: 'unknown'; reason: string };

/** A PSP's balance endpoint: what the platform's account there holds now. Never throws. */
export interface PayoutFloatPsp {
  balance(): Promise<FloatReading>;
}

/** Payouts not finished, in cents: those still to send (PENDING, APPROVED) and those at the PSP awaiting an outcome. */
export interface PendingPayouts {
  toSend: { count: number; amount: number };
  atPsp: { count: number; amount: number };
}

/** Where a payout stands on our side: its identifier, and how many sends were begun. */
export interface PayoutProgress {
  pspPayoutId: string;
  /** Sends begun (each committed before its call): 0 means nothing was ever sent. */
  attempts: number;
}

export interface PayoutProgressRepository {
  progress(withdrawalId: string): Promise<PayoutProgress | null>;
  /** The withdrawal with this PSP identifier, or null. */
  withdrawalIdOf(pspPayoutId: string): Promise<string | null>;
  /**
   * In tx: counts one more send begun, only when `expectedAttempts` is still the count and
   * the withdrawal is not settled or closed (so two runners never both send after one
   * "absent", and nothing is sent for a finished withdrawal). False otherwise.
   */
  beginSend(tx: Tx, withdrawalId: string, expectedAttempts: number, at: Date): Promise<boolean>;
  /**
   * In tx, before `beginSend`: holds the paying key until commit (so two runners decide one
   * after the other) and answers whether fewer than `limit` other payouts from it still await
   * their outcome (sent, neither PAID nor FAILED).
   */
  claimKeySlot(tx: Tx, withdrawalId: string, limit: number): Promise<boolean>;
}

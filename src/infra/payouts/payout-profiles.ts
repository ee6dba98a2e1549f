/**
 * How each payout PSP wants to be driven, as data (PAYOUT_PROVIDER selects one; settings may
 * override). Every value names where it came from.
 */
export interface PayoutProfile {
  /** Payouts from one paying key awaiting their outcome at once (PAYOUT_KEY_CONCURRENCY overrides). */
  keyConcurrency: number;
}

export const PAYOUT_PROFILES = {
  // dev.efipay.com.br, "Envio e pagamento Pix": Efí advises waiting for a payout's outcome
  // (its webhook) before sending the next one from the same key.
  efi: { keyConcurrency: 1 },
  // developers.inter.co, "Pagamento Pix": Inter gives no such advice and answers each payment
  // on its own; a few at once keep one seller's batch from waiting on each outcome in turn.
  inter: { keyConcurrency: 4 },
} satisfies Record<string, PayoutProfile>;

export type PayoutProfileName = keyof typeof PAYOUT_PROFILES;

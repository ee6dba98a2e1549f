import type { Cents } from '../shared/money';

/** At most this many recipients per charge (besides the marketplace). Documented in docs/integrate/marketplaces.md. */
export const MAX_SPLIT_RECIPIENTS = 10;

/** Who pays the PIX fee of a split charge. */
export const SPLIT_FEE_PAYERS = ['MARKETPLACE', 'PRO_RATA', 'RECIPIENT'] as const;
export type SplitFeePayer = (typeof SPLIT_FEE_PAYERS)[number];

/** One recipient's part of a charge: a fixed amount in cents or a percentage in basis points (exactly one). */
export interface SplitInstruction {
  recipientId: string;
  amount: Cents | null;
  basisPoints: number | null;
}

/** The split of a charge as the marketplace asked for it; the remainder goes to the marketplace. */
export interface SplitPlan {
  feePayer: SplitFeePayer;
  /** The recipient that pays the whole fee when `feePayer` is RECIPIENT; null otherwise. */
  feeRecipientId: string | null;
  recipients: SplitInstruction[];
}

export type PartyRole = 'MARKETPLACE' | 'RECIPIENT';

/** What one party receives of a paid split charge. The marketplace is always the first party. */
export interface PartyShare {
  sellerId: string;
  role: PartyRole;
  /** The party's part of the amount, before fees. */
  gross: Cents;
  /** The party's part of the PIX fee (never above `gross`). */
  fee: Cents;
}

/** What one party gives back for one refund or return. */
export interface PartyDebit {
  sellerId: string;
  amount: Cents;
}

/**
 * The descriptions of the seller's statement lines, stored with each entry. Clients
 * translate them by these exact words (the dashboard does), so a wording change here
 * is a change of the API.
 */
export const STATEMENT_DESCRIPTIONS = {
  pixReceived: 'PIX received',
  pixFee: 'PIX cash-in fee',
  boletoReceived: 'Boleto paid',
  boletoFee: 'Boleto fee',
  cardReceived: 'Card payment approved',
  cardFee: 'Card fee',
  refund: 'Refund',
  refundNotMade: 'Refund not made',
  chargebackMed: 'Chargeback (MED)',
  chargebackReversed: 'Chargeback reversed',
  retained: 'Balance retained (dispute)',
  retainedReleased: 'Retained balance released',
  retainedForReview: 'Balance retained (review)',
  releasedAfterReview: 'Retained balance released (review)',
  disputeLost: 'Dispute lost',
  withdrawal: 'Withdrawal',
  withdrawalFee: 'Withdrawal fee',
  withdrawalRefunded: 'Withdrawal refunded',
  withdrawalFeeRefunded: 'Withdrawal fee refunded',
  splitReceived: 'PIX received (split)',
  splitFee: 'PIX cash-in fee (split)',
  splitRefund: 'Refund (split)',
  splitChargeback: 'Chargeback (MED) (split)',
  splitChargebackReversed: 'Chargeback reversed (split)',
  splitDisputeLost: 'Dispute lost (split)',
} as const;

/** An operator's correction: this start, then the operator's own reason. */
export const CORRECTION_DESCRIPTION_PREFIX = 'Correction: ';

/** A forced debit that the balances did not cover: the line's words, then how much is owed. */
export const withOwedCents = (description: string, owed: number): string => `${description} (${owed} cents owed)`;

/** A split charge's line names its marketplace and the payment's end-to-end id after the line's words. */
export const withSplitOrigin = (description: string, o: { marketplaceId: string; end2endId: string | null }): string =>
  `${description} [marketplace ${o.marketplaceId}, E2E ${o.end2endId ?? 'none'}]`;

import { availableAccount } from '../ledger/ledger-accounts';
import type { EntryKind, JournalEntryDraft, Posting, SellerBalances } from '../ledger/ledger.types';
import { PLATFORM_ACCOUNTS } from '../ledger/ledger.types';
import { forcedDebit } from '../ledger/seller-debt';
import { STATEMENT_DESCRIPTIONS, withSplitOrigin } from '../ledger/statement-descriptions';
import type { Cents } from '../shared/money';
import type { PartyShare } from './split.types';

/** Where a split entry comes from: the charge, its payment and its marketplace. */
export interface SplitOrigin {
  transactionId: string;
  end2endId: string | null;
  marketplaceId: string;
}

const metadataOf = (o: SplitOrigin, extra: Record<string, unknown> = {}) => ({ marketplaceId: o.marketplaceId, end2endId: o.end2endId, split: true, ...extra });

/**
 * One party's part of a paid split charge: its gross part credited from the institution,
 * its part of the fee debited to the platform (two statement lines, both naming the
 * marketplace and the end-to-end id). The ledger keeps one seller per entry (the wallet
 * row it locks), so a payment posts one of these per party with a share, all in the
 * transaction that marks the charge PAID. Reference `split-credit:transaction:<id>:<sellerId>`.
 */
export function splitCredit(o: SplitOrigin, share: PartyShare): JournalEntryDraft {
  if (!Number.isSafeInteger(share.gross) || share.gross <= 0) throw new Error(`splitCredit: gross ${share.gross} must be positive`);
  if (!Number.isSafeInteger(share.fee) || share.fee < 0 || share.fee > share.gross) throw new Error(`splitCredit: fee ${share.fee} must be within 0 and the gross`);
  const seller = availableAccount(share.sellerId, 'PIX');
  const postings: Posting[] = [
    { account: PLATFORM_ACCOUNTS.providerClearing, amount: -share.gross },
    { account: seller, amount: share.gross },
  ];
  const lines: JournalEntryDraft['lines'] = [{ type: 'CREDIT', amount: share.gross, description: withSplitOrigin(STATEMENT_DESCRIPTIONS.splitReceived, o), fee: false }];
  if (share.fee > 0) {
    postings.push({ account: seller, amount: -share.fee }, { account: PLATFORM_ACCOUNTS.fees, amount: share.fee });
    lines.push({ type: 'DEBIT', amount: share.fee, description: withSplitOrigin(STATEMENT_DESCRIPTIONS.splitFee, o), fee: true });
  }
  return {
    reference: `split-credit:transaction:${o.transactionId}:${share.sellerId}`,
    kind: 'SPLIT_CREDIT',
    sellerId: share.sellerId,
    transactionId: o.transactionId,
    withdrawalId: null,
    description: `${share.role === 'MARKETPLACE' ? 'Marketplace' : 'Recipient'} part of split charge ${o.transactionId}`,
    postings,
    lines,
    metadata: metadataOf(o, { role: share.role, gross: share.gross, fee: share.fee }),
  };
}

/** What a party gives back: a refund (one per refund id), a MED return (one per charge) or a lost contestation (one per dispute). */
export type SplitReturnCause = { kind: 'REFUND'; refundId: string } | { kind: 'CHARGEBACK' } | { kind: 'DISPUTE'; disputeId: string };

/** A cause whose giving back can itself be undone: a refund not made, a MED return decided for the seller. */
export type ReversibleSplitReturn = Exclude<SplitReturnCause, { kind: 'DISPUTE' }>;

const RETURN_ENTRIES = {
  REFUND: { kind: 'REFUND_DEBIT', line: STATEMENT_DESCRIPTIONS.splitRefund },
  CHARGEBACK: { kind: 'CHARGEBACK_DEBIT', line: STATEMENT_DESCRIPTIONS.splitChargeback },
  DISPUTE: { kind: 'DISPUTE_LOSS_DEBIT', line: STATEMENT_DESCRIPTIONS.splitDisputeLost },
} as const satisfies Record<SplitReturnCause['kind'], { kind: EntryKind; line: string }>;

function returnReference(o: SplitOrigin, cause: SplitReturnCause, sellerId: string): string {
  if (cause.kind === 'REFUND') return `split-refund:transaction:${o.transactionId}:${cause.refundId}:${sellerId}`;
  if (cause.kind === 'DISPUTE') return `split-dispute-loss:dispute:${cause.disputeId}:${sellerId}`;
  return `split-chargeback:transaction:${o.transactionId}:${sellerId}`;
}

function returnDescription(o: SplitOrigin, cause: SplitReturnCause): string {
  if (cause.kind === 'REFUND') return `Refund ${cause.refundId} of split charge ${o.transactionId}`;
  if (cause.kind === 'DISPUTE') return `Dispute ${cause.disputeId} of split charge ${o.transactionId} decided for the buyer`;
  return `Chargeback (MED) of split charge ${o.transactionId}`;
}

const causeMetadata = (cause: SplitReturnCause): Record<string, unknown> =>
  cause.kind === 'REFUND' ? { refundId: cause.refundId } : cause.kind === 'DISPUTE' ? { disputeId: cause.disputeId } : {};

/**
 * One party's part of a refund, return or lost contestation of a split charge. It follows
 * the debt rule of MED returns (seller-debt.ts): what the party's balances cannot cover
 * becomes its debt, so the buyer's refund never fails for a recipient that already withdrew.
 * `balances` are read under the party's wallet row lock in the posting's transaction;
 * `fromBlocked` is what the contestation retained of this party (its blocked balance first).
 * References `split-refund:transaction:<id>:<refundId>:<sellerId>`,
 * `split-chargeback:transaction:<id>:<sellerId>` and `split-dispute-loss:dispute:<disputeId>:<sellerId>`.
 */
export function splitReturnDebit(
  o: SplitOrigin,
  cause: SplitReturnCause,
  party: { sellerId: string; amount: Cents; balances: SellerBalances; fromBlocked?: Cents },
): { draft: JournalEntryDraft; owed: Cents } {
  const entry = RETURN_ENTRIES[cause.kind];
  return forcedDebit({
    reference: returnReference(o, cause, party.sellerId),
    kind: entry.kind,
    sellerId: party.sellerId,
    transactionId: o.transactionId,
    amount: party.amount,
    fromBlocked: party.fromBlocked,
    balances: party.balances,
    description: returnDescription(o, cause),
    line: withSplitOrigin(entry.line, o),
    metadata: metadataOf(o, { ...causeMetadata(cause), amount: party.amount }),
  });
}

/**
 * A giving back undone: a refund the institution could not make (API Pix `NAO_REALIZADO`), or
 * a MED return decided for the seller. What this party gave back for it comes back to its
 * available balance (paying its debt first, as every credit does), once. References
 * `split-refund-reversal:transaction:<id>:<refundId>:<sellerId>` and
 * `split-chargeback-reversal:transaction:<id>:<sellerId>`.
 */
export function splitReturnReversal(o: SplitOrigin, cause: ReversibleSplitReturn, party: { sellerId: string; amount: Cents }): JournalEntryDraft {
  if (!Number.isSafeInteger(party.amount) || party.amount <= 0) throw new Error(`splitReturnReversal: amount ${party.amount} must be positive`);
  const refund = cause.kind === 'REFUND';
  return {
    reference: refund ? `split-refund-reversal:transaction:${o.transactionId}:${cause.refundId}:${party.sellerId}` : `split-chargeback-reversal:transaction:${o.transactionId}:${party.sellerId}`,
    kind: refund ? 'REFUND_REVERSAL' : 'CHARGEBACK_REVERSAL',
    sellerId: party.sellerId,
    transactionId: o.transactionId,
    withdrawalId: null,
    description: refund ? `Refund ${cause.refundId} of split charge ${o.transactionId} not made` : `Chargeback of split charge ${o.transactionId} reversed`,
    postings: [
      { account: PLATFORM_ACCOUNTS.providerClearing, amount: -party.amount },
      { account: availableAccount(party.sellerId, 'PIX'), amount: party.amount },
    ],
    lines: [{ type: 'CREDIT', amount: party.amount, description: withSplitOrigin(refund ? STATEMENT_DESCRIPTIONS.refundNotMade : STATEMENT_DESCRIPTIONS.splitChargebackReversed, o), fee: false }],
    metadata: metadataOf(o, { ...causeMetadata(cause), amount: party.amount }),
  };
}

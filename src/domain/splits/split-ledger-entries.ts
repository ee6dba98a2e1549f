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

/** What a party gives back: a refund (one per refund id) or a MED return (one per charge). */
export type SplitReturnCause = { kind: 'REFUND'; refundId: string } | { kind: 'CHARGEBACK' };

/**
 * One party's part of a refund or return of a split charge. It follows the debt rule of
 * MED returns (seller-debt.ts): what the party's balances cannot cover becomes its debt,
 * so the buyer's refund never fails for a recipient that already withdrew. `balances` are
 * read under the party's wallet row lock in the posting's transaction.
 * References `split-refund:transaction:<id>:<refundId>:<sellerId>` and
 * `split-chargeback:transaction:<id>:<sellerId>`.
 */
export function splitReturnDebit(o: SplitOrigin, cause: SplitReturnCause, party: { sellerId: string; amount: Cents; balances: SellerBalances }): { draft: JournalEntryDraft; owed: Cents } {
  const refund = cause.kind === 'REFUND';
  const kind: EntryKind = refund ? 'REFUND_DEBIT' : 'CHARGEBACK_DEBIT';
  return forcedDebit({
    reference: refund ? `split-refund:transaction:${o.transactionId}:${cause.refundId}:${party.sellerId}` : `split-chargeback:transaction:${o.transactionId}:${party.sellerId}`,
    kind,
    sellerId: party.sellerId,
    transactionId: o.transactionId,
    amount: party.amount,
    balances: party.balances,
    description: `${refund ? `Refund ${cause.refundId}` : 'Chargeback (MED)'} of split charge ${o.transactionId}`,
    line: withSplitOrigin(refund ? STATEMENT_DESCRIPTIONS.splitRefund : STATEMENT_DESCRIPTIONS.splitChargeback, o),
    metadata: metadataOf(o, refund ? { refundId: cause.refundId, amount: party.amount } : { amount: party.amount }),
  });
}

/**
 * A refund of a split charge the institution could not make (API Pix `NAO_REALIZADO`): what
 * this party gave back for it comes back to its available balance (paying its debt first,
 * as every credit does), once. Reference `split-refund-reversal:transaction:<id>:<refundId>:<sellerId>`.
 */
export function splitRefundReversal(o: SplitOrigin, refundId: string, party: { sellerId: string; amount: Cents }): JournalEntryDraft {
  if (!Number.isSafeInteger(party.amount) || party.amount <= 0) throw new Error(`splitRefundReversal: amount ${party.amount} must be positive`);
  return {
    reference: `split-refund-reversal:transaction:${o.transactionId}:${refundId}:${party.sellerId}`,
    kind: 'REFUND_REVERSAL',
    sellerId: party.sellerId,
    transactionId: o.transactionId,
    withdrawalId: null,
    description: `Refund ${refundId} of split charge ${o.transactionId} not made`,
    postings: [
      { account: PLATFORM_ACCOUNTS.providerClearing, amount: -party.amount },
      { account: availableAccount(party.sellerId, 'PIX'), amount: party.amount },
    ],
    lines: [{ type: 'CREDIT', amount: party.amount, description: withSplitOrigin(STATEMENT_DESCRIPTIONS.refundNotMade, o), fee: false }],
    metadata: metadataOf(o, { refundId, amount: party.amount }),
  };
}

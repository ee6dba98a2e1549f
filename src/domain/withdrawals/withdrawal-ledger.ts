import type { JournalEntryDraft } from '../ledger/ledger.types';
import { PLATFORM_ACCOUNTS } from '../ledger/ledger.types';
import type { Cents } from '../shared/money';

/**
 * A settled payout came back (the receiving bank returned a PAID withdrawal, status
 * REFUNDED): the exact reverse of `withdrawalSettlement`, provider clearing -> payouts,
 * so that the `withdrawalRefund` posted next takes the money from where it now is.
 * Platform only. Reference `settle-return:withdrawal:<withdrawalId>` (once per
 * withdrawal). Entries are immutable, so a reversal is a new entry with swapped
 * postings; its kind stays WITHDRAWAL_SETTLEMENT (the ledger has no dedicated kind).
 */
export function withdrawalSettlementReturn(i: { withdrawalId: string; amount: Cents }): JournalEntryDraft {
  if (!Number.isSafeInteger(i.amount) || i.amount <= 0) throw new Error('withdrawalSettlementReturn needs a positive integer amount');
  if (!i.withdrawalId || i.withdrawalId.includes(':')) throw new Error('withdrawalSettlementReturn needs a withdrawal id without ":"');
  return {
    reference: `settle-return:withdrawal:${i.withdrawalId}`,
    kind: 'WITHDRAWAL_SETTLEMENT',
    sellerId: null,
    transactionId: null,
    withdrawalId: i.withdrawalId,
    description: `Withdrawal ${i.withdrawalId} returned to the institution by the receiving bank`,
    postings: [
      { account: PLATFORM_ACCOUNTS.providerClearing, amount: -i.amount },
      { account: PLATFORM_ACCOUNTS.payouts, amount: i.amount },
    ],
    lines: [],
    metadata: null,
  };
}

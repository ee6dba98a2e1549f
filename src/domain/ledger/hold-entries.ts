import type { Cents } from '../shared/money';
import { availableAccount, blockedAccount } from './ledger-accounts';
import type { JournalEntryDraft, PaymentMethod } from './ledger.types';
import { STATEMENT_DESCRIPTIONS } from './statement-descriptions';

/**
 * Money retained while a transaction is under review (PENDING_REVIEW) or blocked
 * (BLOCKED), and its release when the review concludes. `holdId` names one hold of
 * the transaction (a transaction can be held again after a release).
 */
function move(i: { sellerId: string; transactionId: string; holdId: string; amount: Cents; method?: PaymentMethod }, release: boolean): JournalEntryDraft {
  if (!Number.isSafeInteger(i.amount) || i.amount <= 0) throw new Error('hold amount must be positive');
  const available = availableAccount(i.sellerId, i.method ?? 'PIX');
  const blocked = blockedAccount(i.sellerId);
  return {
    reference: `${release ? 'hold-release' : 'hold'}:transaction:${i.transactionId}:${i.holdId}`,
    kind: release ? 'RELEASE' : 'BLOCK',
    sellerId: i.sellerId,
    transactionId: i.transactionId,
    withdrawalId: null,
    description: release ? `Review of transaction ${i.transactionId} concluded: balance released` : `Balance retained while transaction ${i.transactionId} is reviewed`,
    postings: [
      { account: release ? blocked : available, amount: -i.amount },
      { account: release ? available : blocked, amount: i.amount },
    ],
    lines: [release ? { type: 'RELEASE_RETAINED', amount: i.amount, description: STATEMENT_DESCRIPTIONS.releasedAfterReview, fee: false } : { type: 'RETAINED', amount: i.amount, description: STATEMENT_DESCRIPTIONS.retainedForReview, fee: false }],
    metadata: { holdId: i.holdId, method: i.method ?? 'PIX' },
  };
}

export const holdBlock = (i: { sellerId: string; transactionId: string; holdId: string; amount: Cents; method?: PaymentMethod }) => move(i, false);
export const holdRelease = (i: { sellerId: string; transactionId: string; holdId: string; amount: Cents; method?: PaymentMethod }) => move(i, true);

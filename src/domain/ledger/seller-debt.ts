import type { Cents } from '../shared/money';
import { DomainError } from '../shared/errors';
import { availableAccount, blockedAccount, bucketOfMethod, debtAccount } from './ledger-accounts';
import { totalAvailable } from './journal-entry';
import type { EntryKind, JournalEntryDraft, PaymentMethod, Posting, SellerBalances } from './ledger.types';
import { PAYMENT_METHODS, PLATFORM_ACCOUNTS } from './ledger.types';
import { withOwedCents } from './statement-descriptions';

/**
 * The seller's debt. A MED return or a lost dispute must take its money even when the
 * seller already withdrew it: such a forced debit takes what the seller's balances
 * hold and records the rest on the seller's debt account (`debt:<sellerId>`, balance
 * zero or negative). Any later entry that raises the available balance is followed,
 * in the same database transaction, by a repayment (available -> debt), so credits pay
 * the debt first. Consequence, relied upon by withdrawals: while a debt exists every
 * available balance is zero.
 */

/** Methods in the order a forced debit draws on them: the transaction's own method first. */
const drawOrder = (first: PaymentMethod): PaymentMethod[] => [first, ...PAYMENT_METHODS.filter((m) => m !== first)];

export interface ForcedDebitInput {
  reference: string;
  kind: EntryKind;
  sellerId: string;
  transactionId?: string;
  /** Everything that leaves the seller, cents (> 0). */
  amount: Cents;
  /** Part of `amount` taken from the blocked balance first (a dispute's retained money). */
  fromBlocked?: Cents;
  /** The seller's balances as read under the wallet row lock, in the posting's transaction. */
  balances: SellerBalances;
  method?: PaymentMethod;
  description: string;
  line: string;
  metadata?: Record<string, unknown>;
}

/**
 * A debit that must happen whatever the balance: blocked part first, then the
 * available balances (the transaction's method first), the rest owed. One DEBIT line
 * of the whole amount; the counterpart is the institution (the money goes back to the payer).
 */
export function forcedDebit(i: ForcedDebitInput): { draft: JournalEntryDraft; owed: Cents } {
  if (!Number.isSafeInteger(i.amount) || i.amount <= 0) throw new Error(`forced debit ${i.reference}: amount must be positive`);
  const fromBlocked = i.fromBlocked ?? 0;
  if (fromBlocked < 0 || fromBlocked > i.amount || fromBlocked > i.balances.blocked) {
    throw new Error(`forced debit ${i.reference}: cannot take ${fromBlocked} from blocked ${i.balances.blocked}`);
  }
  const postings: Posting[] = [];
  if (fromBlocked > 0) postings.push({ account: blockedAccount(i.sellerId), amount: -fromBlocked });
  let rest = i.amount - fromBlocked;
  for (const m of drawOrder(i.method ?? 'PIX')) {
    const take = Math.min(rest, i.balances[bucketOfMethod(m)]);
    if (take > 0) postings.push({ account: availableAccount(i.sellerId, m), amount: -take });
    rest -= take;
  }
  if (rest > 0) postings.push({ account: debtAccount(i.sellerId), amount: -rest });
  postings.push({ account: PLATFORM_ACCOUNTS.providerClearing, amount: i.amount });
  return {
    owed: rest,
    draft: {
      reference: i.reference,
      kind: i.kind,
      sellerId: i.sellerId,
      transactionId: i.transactionId ?? null,
      withdrawalId: null,
      description: i.description,
      postings,
      lines: [{ type: 'DEBIT', amount: i.amount, description: rest > 0 ? withOwedCents(i.line, rest) : i.line, fee: false }],
      metadata: { ...(i.metadata ?? {}), owed: rest },
    },
  };
}

/**
 * Pays the debt from the available balances after `causeEntryId` raised them.
 * Reference `debt-repayment:<causeEntryId>`. No statement line: the seller's total
 * (available + blocked - debt) does not change. Null when nothing is to be paid.
 */
export function debtRepayment(i: { sellerId: string; balances: SellerBalances; debt: Cents; causeEntryId: string }): JournalEntryDraft | null {
  const amount = Math.min(i.debt, totalAvailable(i.balances));
  if (amount <= 0) return null;
  const postings: Posting[] = [];
  let rest = amount;
  for (const m of PAYMENT_METHODS) {
    const take = Math.min(rest, i.balances[bucketOfMethod(m)]);
    if (take > 0) postings.push({ account: availableAccount(i.sellerId, m), amount: -take });
    rest -= take;
  }
  postings.push({ account: debtAccount(i.sellerId), amount });
  return {
    reference: `debt-repayment:${i.causeEntryId}`,
    kind: 'DEBT_REPAYMENT',
    sellerId: i.sellerId,
    transactionId: null,
    withdrawalId: null,
    description: `Debt of ${i.debt} cents: ${amount} repaid from the available balance`,
    postings,
    lines: [],
    metadata: { causeEntryId: i.causeEntryId, debtBefore: i.debt },
  };
}

/** True when an entry may have raised an available balance of a seller in debt (see LedgerService). */
export const raisesAvailable = (delta: SellerBalances): boolean => delta.availablePix > 0 || delta.availableBoleto > 0 || delta.availableCard > 0;

export const debtOutstanding = (debt: Cents) =>
  new DomainError('SELLER_DEBT_OUTSTANDING', `the seller owes ${debt} cents from returns; withdrawals resume once credits have paid it`, 'UNPROCESSABLE', {
    debt,
  });

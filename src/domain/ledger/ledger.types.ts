import type { AmountComponents } from '../due-date/due-date-terms';
import type { Cents } from '../shared/money';

/** Payment methods that have their own available balance (SPEC, Wallet). */
export const PAYMENT_METHODS = ['PIX', 'BOLETO', 'CARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** SPEC, Statement entry `type`. */
export const STATEMENT_TYPES = ['CREDIT', 'DEBIT', 'PENDING_CREDIT', 'PENDING_DEBIT', 'RETAINED', 'RELEASE_RETAINED'] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

/**
 * Ledger account codes. Seller accounts: `seller:<sellerId>:available:<METHOD>` and
 * `seller:<sellerId>:blocked`. Platform accounts: `platform:<name>`.
 */
export type AccountCode = string;

export const PLATFORM_ACCOUNTS = {
  /** Fees earned from sellers (cash-in and withdrawal fees). */
  fees: 'platform:fees',
  /** What the payment institution holds for us: cash-in and returns flow through it. */
  providerClearing: 'platform:provider_clearing',
  /** Withdrawals debited from sellers and not yet settled by the institution. */
  payouts: 'platform:payouts',
  /** Counterpart of operator corrections (manual credits and debits). */
  adjustments: 'platform:adjustments',
} as const;

/** One line of a journal entry. Signed: every entry's amounts sum to zero. */
export interface Posting {
  account: AccountCode;
  amount: Cents;
}

/** What the seller sees of an entry (SPEC, Statement entry); amounts are positive. */
export interface StatementLine {
  type: StatementType;
  amount: Cents;
  description: string;
  /** True for fee lines: DEBIT fees charged, CREDIT fees returned. Feeds `totalFees`. */
  fee: boolean;
}

/** The kinds of business fact the ledger records; stored with each entry. */
export type EntryKind =
  | 'PIX_CREDIT'
  | 'SPLIT_CREDIT'
  | 'BOLETO_CREDIT'
  | 'CARD_CREDIT'
  | 'REFUND_DEBIT'
  | 'REFUND_REVERSAL'
  | 'CHARGEBACK_DEBIT'
  | 'CHARGEBACK_REVERSAL'
  | 'BLOCK'
  | 'RELEASE'
  | 'BLOCKED_DEBIT'
  | 'WITHDRAWAL_DEBIT'
  | 'WITHDRAWAL_REFUND'
  | 'WITHDRAWAL_SETTLEMENT'
  | 'OPERATOR_CREDIT'
  | 'OPERATOR_DEBIT'
  | 'DISPUTE_LOSS_DEBIT'
  | 'DEBT_REPAYMENT';

/**
 * A posting request: one journal entry, built by the functions in ledger-entries.ts.
 * `reference` identifies the business fact; posting the same reference twice is a no-op.
 */
export interface JournalEntryDraft {
  reference: string;
  kind: EntryKind;
  /** The one seller whose accounts the entry touches, or null for platform-only entries. */
  sellerId: string | null;
  transactionId: string | null;
  withdrawalId: string | null;
  description: string;
  postings: Posting[];
  lines: StatementLine[];
  metadata: Record<string, unknown> | null;
}

/** A seller's balances. `blocked` is retained or in dispute. */
export interface SellerBalances {
  availablePix: Cents;
  availableBoleto: Cents;
  availableCard: Cents;
  blocked: Cents;
}

export const ZERO_BALANCES: Readonly<SellerBalances> = Object.freeze({ availablePix: 0, availableBoleto: 0, availableCard: 0, blocked: 0 });

export interface StoredWallet extends SellerBalances {
  updatedAt: Date;
}

/** The entry as stored; `created` is false when the reference had been posted before. */
export interface PostedEntry {
  id: string;
  reference: string;
  kind: EntryKind;
  sellerId: string | null;
  createdAt: Date;
  created: boolean;
  /** The seller's balances right after this entry (or now, for a duplicate); null for platform-only entries. */
  wallet: StoredWallet | null;
}

/** SPEC, Statement entry. */
export interface StatementEntry {
  id: string;
  amount: Cents;
  type: StatementType;
  description: string;
  createdAt: Date;
  transactionId?: string;
  withdrawalId?: string;
  /**
   * The credit of a paid charge with a due date: what the amount paid is made of
   * (API Pix `componentesValor`), original + fine + interest - abatement - discount = amount.
   */
  amountComponents?: PaidAmountComponents;
}

/** The parts of a due-date charge's amount paid, as a statement line shows them. */
export type PaidAmountComponents = Omit<AmountComponents, 'final'>;

/** SPEC, Wallet, plus the latest movements. */
export interface Wallet {
  balancePix: Cents;
  balanceBoleto: Cents;
  balanceCard: Cents;
  balanceTotal: Cents;
  balanceBlocked: Cents;
  /** What the seller owes after returns its balance could not cover (seller-debt.ts). */
  balanceDebt: Cents;
  currency: 'BRL';
  updatedAt: Date;
  recentMovements: StatementEntry[];
}

/** SPEC, Balance. */
export interface Balance {
  available: Cents;
  blocked: Cents;
  total: Cents;
  /** What the seller owes after returns its balance could not cover; credits pay it first (wallet reads set it). */
  debt?: Cents;
  currency: 'BRL';
}

/** SPEC, Statement summary. */
export interface StatementSummary {
  totalCredits: Cents;
  totalDebits: Cents;
  totalFees: Cents;
  netBalance: Cents;
  period: { startDate: string; endDate: string };
}

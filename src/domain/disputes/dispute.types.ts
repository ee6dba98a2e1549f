import type { Cents } from '../shared/money';
import type { Tx } from '../shared/unit-of-work';
import type { TransactionStatus } from '../transactions/transaction-status';
import type { DisputeOrigin, DisputeStatus } from './dispute-status';

/** A contestation or a MED return of one transaction. */
export interface Dispute {
  id: string;
  sellerId: string;
  transactionId: string;
  origin: DisputeOrigin;
  status: DisputeStatus;
  /** What is disputed: paid minus already refunded, cents. */
  amount: Cents;
  /** Contestation: what was moved from available to blocked when it opened. */
  blockedAmount: Cents;
  /** What a forced debit could not take from the balances and became the seller's debt. */
  owedAmount: Cents;
  appealReason: string | null;
  appealedAt: Date | null;
  /** An OPEN dispute not appealed by then is decided for the buyer (the appeal-window job). */
  appealDeadline: Date;
  decidedAt: Date | null;
  /** Who decided: INSTITUTION, OPERATOR:<id> or APPEAL_WINDOW. */
  decidedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Money retained while a transaction is PENDING_REVIEW or BLOCKED. */
export interface TransactionHold {
  transactionId: string;
  sellerId: string;
  amount: Cents;
  previousStatus: TransactionStatus;
  releasedAt: Date | null;
  createdAt: Date;
}

export interface DisputeListFilter {
  sellerId: string;
  status?: DisputeStatus;
  origin?: DisputeOrigin;
  transactionId?: string;
  createdFrom?: Date;
  createdUntil?: Date;
  limit: number;
  offset: number;
}

export interface DisputeRepository {
  insert(tx: Tx, d: Dispute): Promise<void>;
  update(tx: Tx, d: Dispute): Promise<void>;
  /** Reads and row-locks a dispute until tx ends. */
  lock(tx: Tx, id: string): Promise<Dispute | null>;
  /** The transaction's OPEN or UNDER_REVIEW dispute, row-locked. */
  lockActiveOfTransaction(tx: Tx, transactionId: string): Promise<Dispute | null>;
  findById(id: string): Promise<Dispute | null>;
  /** The latest dispute of each transaction given. */
  latestOfTransactions(transactionIds: string[]): Promise<Map<string, Dispute>>;
  list(filter: DisputeListFilter): Promise<{ items: Dispute[]; total: number }>;
  insertHold(tx: Tx, h: TransactionHold): Promise<void>;
  /** The transaction's unreleased hold, if any. */
  activeHold(tx: Tx, transactionId: string): Promise<TransactionHold | null>;
  markHoldReleased(tx: Tx, transactionId: string, at: Date): Promise<void>;
}

import type { Tx } from '../shared/unit-of-work';
import type { Cents } from '../shared/money';
import type { DayRange } from './statement-query';
import type { AccountCode, JournalEntryDraft, StatementEntry, StatementType, StoredWallet } from './ledger.types';

/**
 * What storage answers to a posting request. INSUFFICIENT and CONFLICT leave nothing
 * written; the caller's transaction stays usable.
 */
export type PostStatus = 'POSTED' | 'DUPLICATE' | 'INSUFFICIENT' | 'CONFLICT';

export interface PostResult {
  status: PostStatus;
  /** The new entry (POSTED) or the one already posted with the reference (DUPLICATE, CONFLICT). */
  entryId: string | null;
  createdAt: Date | null;
  /** The seller's balances after the post (or as they are, when nothing was posted). */
  wallet: StoredWallet | null;
}

export interface StatementFilter extends DayRange {
  sellerId: string;
  operationType: StatementType | null;
}

export interface StatementPageRows {
  entries: StatementEntry[];
  count: number;
  cursorFound: boolean;
}

export interface StatementTotals {
  credits: Cents;
  debits: Cents;
  feesCharged: Cents;
  feesReturned: Cents;
}

export interface LedgerRepository {
  /**
   * Writes the entry, its postings, its statement lines and the seller's balance
   * change inside `tx`, atomically and guarded: a duplicate reference changes nothing,
   * and no balance ever goes below zero under any concurrency.
   */
  post(tx: Tx, draft: JournalEntryDraft, at: Date): Promise<PostResult>;
  /**
   * `post` of each draft in turn, all in one round trip; the answer of each, in order.
   * An INSUFFICIENT or CONFLICT answer wrote nothing for its draft, but the others are
   * written in `tx`.
   */
  postAll(tx: Tx, drafts: readonly JournalEntryDraft[], at: Date): Promise<PostResult[]>;
  wallet(sellerId: string): Promise<StoredWallet | null>;
  /**
   * One statement page in one round trip: the entries in statement order (createdAt
   * desc, id desc) strictly after the entry `afterId`, skipping `skip`, at most
   * `limit`; how many entries match the filter (ignoring cursor and skip); and whether
   * `afterId` names an entry of this seller (entries is empty when it does not).
   */
  statementPage(filter: StatementFilter, afterId: string | null, skip: number, limit: number): Promise<StatementPageRows>;
  statementTotals(sellerId: string, range: DayRange): Promise<StatementTotals>;
  /** The UTC day of the seller's first statement entry, or null. */
  firstStatementDay(sellerId: string): Promise<string | null>;
  /** Platform accounts' balances, derived from their postings. */
  platformBalances(): Promise<{ account: AccountCode; balance: Cents }[]>;
}

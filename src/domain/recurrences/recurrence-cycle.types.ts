import type { Tx } from '../shared/unit-of-work';
import type { CivilDay } from './civil-day';
import type { CycleStatus } from './cycle-status';

/** One attempt of the payer's institution to settle a cycle: on its due date, then each retry. */
export interface CycleAttempt {
  /** 1 for the attempt on the due date; 2 to 4 for the retries. */
  number: number;
  /** The day the attempt was made for (the due date, then each retry's date). */
  on: CivilDay;
  outcome: 'PAID' | 'FAILED';
  /** FAILED: the payer's side's reason. */
  reason: string | null;
  at: Date;
}

/** A cycle of a recurrence (our record of a `cobr`): once per recurrence and number. */
export interface RecurrenceCycle {
  recurrenceId: string;
  sellerId: string;
  /** 1 for the cycle due on the first date. */
  number: number;
  dueDate: CivilDay;
  /** Cents; null for a MISSED variable cycle whose amount the seller never set. */
  amount: number | null;
  status: CycleStatus;
  /** The seller's charge of the cycle; null when none was made (MISSED). */
  transactionId: string | null;
  attempts: CycleAttempt[];
  /** ACTIVE after a failed attempt: the date of the retry. */
  nextAttemptOn: CivilDay | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface RecurrenceCycleRepository {
  /** Fails on a second cycle of the same number (the primary key): a cycle is never made twice. */
  insert(tx: Tx, c: RecurrenceCycle): Promise<void>;
  update(tx: Tx, c: RecurrenceCycle): Promise<void>;
  /** A recurrence's cycles by number; in tx when given (the recurrence locked). */
  list(recurrenceId: string, tx?: Tx): Promise<RecurrenceCycle[]>;
}

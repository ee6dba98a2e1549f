import type { Tx } from '../shared/unit-of-work';
import type { CivilDay } from './civil-day';
import type { AuthorisationJourney, RecurrenceAmount, RecurrencePayer } from './create-recurrence.input';
import type { RecurrenceCalendar } from './recurrence-calendar';
import type { CancelledBy, RecurrenceStatus } from './recurrence-status';
import type { RetryPolicy } from './retry-policy';

/** J1: the push request to the payer's institution (API Pix `solicrec`), in our words. */
export type PushRequestStatus = 'SENT' | 'ACCEPTED' | 'REJECTED' | 'EXPIRED';

/** A recurrence (API Pix `rec`): the payer's standing authorisation of the seller's cycles. */
export interface Recurrence {
  id: string;
  sellerId: string;
  /** API Pix `idRec`: `R` + `R`/`N` (retries allowed or not) + agent + creation date + sequence (29 characters). */
  recId: string;
  status: RecurrenceStatus;
  journey: AuthorisationJourney;
  contract: { object: string | null; number: string; payer: RecurrencePayer };
  calendar: RecurrenceCalendar;
  amount: RecurrenceAmount;
  retryPolicy: RetryPolicy;
  /** QR journeys: where the payer's app reads the recurrence, and the BR Code that points at it. */
  locationId: string | null;
  brCode: string | null;
  /** J1 only. */
  pushRequestStatus: PushRequestStatus | null;
  /** J3 only: the immediate charge paid with the authorisation. */
  firstPaymentTransactionId: string | null;
  /** When the payer's answer is due; a created recurrence expires after it. */
  authorisationExpiresAt: Date;
  end: { by: CancelledBy | 'PAYER_INSTITUTION' | 'SYSTEM'; reason: string | null } | null;
  /** VARIABLE: the amount the seller set for the next cycle to be created (cents), taken by that cycle. */
  nextCycleAmount: number | null;
  /** Sandbox: how many days this recurrence's clock runs ahead of the real one (see `sandbox-clock.ts`). */
  sandboxClockDays: number;
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
}

export interface RecurrenceListFilter {
  sellerId: string;
  status?: RecurrenceStatus;
  limit: number;
  offset: number;
}

export interface RecurrenceRepository {
  insert(tx: Tx, r: Recurrence): Promise<void>;
  /** Reads and row-locks the recurrence until tx ends. */
  lock(tx: Tx, id: string): Promise<Recurrence | null>;
  /** Writes the fields that change after creation. */
  update(tx: Tx, r: Recurrence): Promise<void>;
  findById(id: string): Promise<Recurrence | null>;
  /** The recurrence whose QR points at this location (J2, J3). */
  findByLocation(locationId: string): Promise<Recurrence | null>;
  /** The recurrence with this API Pix idRec. */
  findByRecId(recId: string): Promise<Recurrence | null>;
  /** One page, newest first, and the count of all matches. */
  list(filter: RecurrenceListFilter): Promise<{ items: Recurrence[]; total: number }>;
}

export type { CivilDay };

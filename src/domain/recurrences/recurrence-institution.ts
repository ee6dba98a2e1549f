import type { Seller } from '../accounts/accounts.types';
import type { PspPix } from '../transactions/psp-pix';
import type { CivilDay } from './civil-day';
import type { CycleStatus } from './cycle-status';
import type { AuthorisationJourney, PayerAccount, RecurrenceAmount, RecurrencePayer } from './create-recurrence.input';
import type { RecurrenceCalendar } from './recurrence-calendar';
import type { RecurrenceStatus } from './recurrence-status';
import type { PushRequestStatus, Recurrence } from './recurrence.types';
import type { RetryPolicy } from './retry-policy';

/** What the institution needs to hold a recurrence and ask the payer for it (one journey). */
export interface RecurrenceRegistration {
  seller: Pick<Seller, 'id' | 'name'>;
  journey: AuthorisationJourney;
  contract: Recurrence['contract'];
  calendar: RecurrenceCalendar;
  amount: RecurrenceAmount;
  retryPolicy: RetryPolicy;
  /** J1: the payer's account the push request goes to. */
  payerAccount: PayerAccount | null;
  /** J3: the first immediate charge (its txid at the institution and its BR Code). */
  firstPayment: { txid: string; copyPaste: string } | null;
  /** When the payer's answer is due. */
  authorisationExpiresAt: Date;
  now: Date;
}

/** The recurrence as the institution registered it: its `idRec` and what the payer is shown (QR journeys). */
export interface RegisteredRecurrence {
  recId: string;
  /** QR journeys: our location id (the QR image's address) and the BR Code it encodes. */
  locationId: string | null;
  brCode: string | null;
}

/** Who ended a recurrence, as the institution reports it. */
export type RecurrenceEndedBy = NonNullable<Recurrence['end']>['by'];

/** A recurrence as the institution holds it, in our words (the spec's are mapped in recurrence-status.ts). */
export interface InstitutionRecurrence {
  recId: string;
  status: RecurrenceStatus;
  /** J1: where the push request stands; null when there is none. */
  pushRequestStatus: PushRequestStatus | null;
  end: { by: RecurrenceEndedBy; reason: string | null } | null;
}

/** One attempt at settling a cycle's charge, as the institution holds it. */
export interface InstitutionCycleAttempt {
  /** The day the attempt settles on (`dataLiquidacao`). */
  on: CivilDay;
  outcome: 'PENDING' | 'PAID' | 'FAILED';
  reason: string | null;
}

/** A cycle's recurring charge (`cobr`) as the institution holds it. */
export interface InstitutionCycleCharge {
  txid: string;
  status: CycleStatus;
  attempts: InstitutionCycleAttempt[];
  /** The Pix that settled it (applied as any received Pix: credited once per end-to-end id). */
  pix: PspPix[];
  /** CANCELLED or FAILED by the institution: its words. */
  reason: string | null;
}

/** What a cycle's recurring charge carries to the institution. */
export interface CycleChargeRegistration {
  recId: string;
  txid: string;
  dueDate: CivilDay;
  amount: number;
  description: string;
}

/** Why the institution will never take a cycle's recurring charge. */
export interface CycleChargeRefusal {
  reason: string;
}

/**
 * The payment institution behind PIX Automático: the sandbox's simulated one (which holds
 * nothing: the sandbox's payer answers through its routes) or a PSP speaking API Pix. Every
 * call is made outside any database transaction.
 */
export interface RecurrenceInstitution {
  /** Throws (503 INSTITUTION_NOT_CONFIGURED) when no institution can take recurrences. */
  assertReady(): void;
  /** Whether each cycle's charge is sent to the institution (`sendCycleCharge`, a durable job after the cycle's commit). */
  readonly holdsCycleCharges: boolean;
  /** Registers the recurrence through its journey; throws 503 INSTITUTION_UNAVAILABLE when it cannot be reached. */
  register(r: RecurrenceRegistration): Promise<RegisteredRecurrence>;
  /** The recurrence as the institution holds it; null when it holds none (a forged id). */
  read(recId: string): Promise<InstitutionRecurrence | null>;
  /** The seller ends the recurrence at the institution; a recurrence already ended there is not an error. */
  cancel(recId: string, reason: string | null): Promise<void>;
  /**
   * Sends a cycle's recurring charge; repeating it for the same txid makes no second one.
   * Answers the institution's refusal for good (the recurrence no longer approved there, a
   * date it does not take), or null once it holds the charge; throws when it cannot be reached.
   */
  sendCycleCharge(c: CycleChargeRegistration): Promise<CycleChargeRefusal | null>;
  /** Asks a new attempt of a cycle's charge on `on`. */
  askRetry(txid: string, on: CivilDay): Promise<void>;
  /** The cycle's charge as the institution holds it; null when it holds none. */
  readCycleCharge(txid: string): Promise<InstitutionCycleCharge | null>;
}

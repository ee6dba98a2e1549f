import type { FeePlan } from '../accounts/accounts.types';
import type { QrImageFormat } from '../pix/qr-image';
import type { Tx } from '../shared/unit-of-work';
import type { TransactionStatus } from './transaction-status';
import type { Cents } from '../shared/money';
import type { Customer, Transaction, TransactionListFilter, TransactionPaymentMethod, TransactionRefund } from './transaction.types';
import type { PspPix } from './psp-pix';
import type { CivilDate } from '../due-date/civil-dates';
import type { DueDateTerms } from '../due-date/due-date-terms';

export interface TransactionRepository {
  insert(tx: Tx, t: Transaction): Promise<void>;
  /** Reads and row-locks the transaction until tx ends. */
  lock(tx: Tx, id: string): Promise<Transaction | null>;
  update(tx: Tx, t: Transaction): Promise<void>;
  /** `lock`, with the fee plan of the transaction's seller read in the same statement (what a payment needs). */
  lockWithFeePlan(tx: Tx, id: string): Promise<{ transaction: Transaction; feePlan: FeePlan } | null>;
  findById(id: string): Promise<Transaction | null>;
  findByLocation(locationId: string): Promise<Transaction | null>;
  /** The PIX charge with this Central Bank txid (what a PSP's Pix names). */
  findByTxid(txid: string): Promise<Transaction | null>;
  /** Only the BR Code at a location (what its QR image encodes), or null. */
  brCodeAtLocation(locationId: string): Promise<string | null>;
  /** The boleto whose printable page has this token. */
  findByBoletoToken(token: string): Promise<Transaction | null>;
  list(filter: TransactionListFilter): Promise<{ items: Transaction[]; total: number }>;
  /** Records an institution report id; false when it was recorded before (a duplicate). */
  recordReport(tx: Tx, report: { reportId: string; transactionId: string; status: string; receivedAt: Date; applied: boolean }): Promise<boolean>;
  /** Records a refund, REQUESTED. */
  insertRefund(tx: Tx, refund: { id: string; transactionId: string; sellerId: string; amount: number; createdAt: Date }): Promise<void>;
  findRefund(id: string): Promise<TransactionRefund | null>;
  /** The refunds of a transaction, oldest first. */
  listRefunds(transactionId: string): Promise<TransactionRefund[]>;
  /** The refunds of a seller's transactions, oldest first (one read for a page of transactions). */
  listRefundsOf(sellerId: string, transactionIds: readonly string[]): Promise<TransactionRefund[]>;
  /** Reads and row-locks the refund until tx ends (lock its transaction first). */
  lockRefund(tx: Tx, id: string): Promise<TransactionRefund | null>;
  /** Writes the refund's status, rtrId, failure reason and updatedAt. */
  updateRefund(tx: Tx, refund: TransactionRefund): Promise<void>;
}

/** What a PSP needs to hold a PIX charge (an API Pix cob). */
export interface PixChargeRegistration {
  /** Ours, and the same for every retry of one request, so the PSP never holds two cobs for one charge. */
  txid: string;
  amount: Cents;
  expirationSeconds: number;
  description: string | null;
  customer: Customer | null;
  /** A charge with a due date (API Pix cobv); null for an immediate charge (cob). */
  dueDateTerms?: DueDateTerms | null;
}

/** The charge as the PSP holds it: the BR Code its payers scan. */
export interface RegisteredPixCharge {
  copyPaste: string;
}

/**
 * A PSP that must hold a PIX charge before the charge is stored and answered (API Pix): the
 * create calls it first, outside any database transaction. Without one (the simulated
 * institution), the create builds its own BR Code and the institution hears of the charge
 * after the commit (`PaymentInstitution.registerCharge`).
 */
export interface PixChargeRegistrar {
  /**
   * Registers the cob (or, when a retry finds it there already, reads it back) and answers
   * the PSP's BR Code. Throws 503 INSTITUTION_UNAVAILABLE when the PSP cannot be reached.
   */
  registerPixCharge(input: PixChargeRegistration): Promise<RegisteredPixCharge>;
}

/** The payment institution (PSP / bank) behind PIX: the sandbox's simulated one, or a PSP speaking API Pix. */
export interface PaymentInstitution {
  /** Throws (503 INSTITUTION_NOT_CONFIGURED) when no institution can take charges. */
  assertReady(): void;
  /**
   * Registers the charge (cob) so payers' banks can pay it. Idempotent per transaction.
   * `autopay: false`: the sandbox's simulated payer does not pay it by itself (a recurrence's
   * cycle, settled by the payer's side's answer).
   */
  registerCharge(input: { transactionId: string; paymentMethod: TransactionPaymentMethod; txid: string | null; amount: number; expiresAt: Date; createdAt: Date; autopay?: boolean }): Promise<void>;
  /** Returns money to the payer (devolução). Idempotent per refund id; answers where the devolução stands. */
  requestRefund(input: { transactionId: string; refundId: string; amount: number; end2endId: string | null }): Promise<InstitutionRefundState>;
  /** Where a devolução asked before stands now; null when the institution does not hold it (not asked yet). */
  refundState(input: { transactionId: string; refundId: string; end2endId: string | null }): Promise<InstitutionRefundState | null>;
}

/** A devolução as the institution holds it (API Pix words: EM_PROCESSAMENTO, DEVOLVIDO, NAO_REALIZADO). */
export interface InstitutionRefundState {
  status: string;
  rtrId: string | null;
  reason: string | null;
}

/** An encoded QR image, ready to serve. */
export interface QrImage {
  body: Uint8Array;
  contentType: string;
  /** A strong validator of the bytes (quoted, as the ETag header carries it). */
  etag: string;
}

/** Renders a BR Code as a QR image: black on white, standard quiet zone, error correction M or better. */
export interface QrRenderer {
  /** `scale` is pixels per module (for SVG, its width and height attributes). */
  image(payload: string, format: QrImageFormat, scale: number): Promise<QrImage>;
  /** The PNG at the default scale as a data URI, for callers that want it inline. */
  pngDataUri(payload: string): Promise<string>;
}

/** Random identifiers the Central Bank formats require. */
export interface PixIds {
  /** A random txid; with a seed, the txid derived from it (the same seed gives the same txid). */
  txid(seed?: string): string;
  locationId(): string;
}

/** A status report from the institution: the one inbound path for charge outcomes. */
export interface InstitutionReport {
  /** Unique per report; a repeated id is ignored. */
  reportId: string;
  transactionId: string;
  /** The institution's status word; unknown words map to FAILED. `CREATED` confirms the charge. */
  status: string;
  end2endId?: string;
  paidAt?: Date;
  /** PAID of a charge with a due date: the day the payer's bank priced it on (default: paidAt's day in Brasília). */
  paymentDate?: CivilDate;
  refusedReason?: string;
  /** CHARGEDBACK only: what the MED return took back (a partial one is less than the payment); absent, all that is left. */
  amount?: Cents;
}

/**
 * The money side of reports that protect or take back a payment (DISPUTE, CHARGEDBACK,
 * PENDING_REVIEW, BLOCKED) and of the institution's dispute decisions: implemented by
 * the disputes capability. Called under the transaction's row lock, in the report's
 * database transaction.
 */
export interface ProtectiveReports {
  /** Before the status becomes `reported` (blocking, MED debit, dispute creation); `amount` is the report's. */
  beforeStatusChange(tx: Tx, t: Transaction, reported: TransactionStatus, now: Date, amount?: Cents): Promise<void>;
  /** True for institution words that decide rather than report a status (see `onDecision`). */
  isDecisionWord(word: string): boolean;
  /** Applies a decision word; false when there was nothing to decide (a late or repeated word). */
  onDecision(tx: Tx, t: Transaction, word: string, now: Date): Promise<boolean>;
}

/**
 * The callbacks of a PSP: who may send them, which Pix a callback names, and the PSP's own
 * record of each (a callback is only a hint; each Pix is read back before it counts).
 */
export interface PspCallbackConfirmations {
  accepts(token: string, address: string | undefined): boolean;
  /** The end-to-end ids a callback body names, each once; anything else in it is ignored. */
  named(body: unknown): string[];
  /** The Pix as the PSP holds it, read back from the PSP; null when it has none (a forged id). */
  read(endToEndId: string): Promise<PspPix | null>;
}

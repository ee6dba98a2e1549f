import type { JobRerun } from '../jobs/scheduler';
import type { PixKeyType } from '../pix/pix-key';
import type { Tx } from '../shared/unit-of-work';
import type { Withdrawal, WithdrawalListFilter } from './withdrawal.types';

export interface WithdrawalRepository {
  /** Writes a new withdrawal with its payout identifier at the PSP (psp-payout-id.ts). */
  insert(tx: Tx, w: Withdrawal, pspPayoutId: string): Promise<void>;
  /** Reads and row-locks the withdrawal until tx ends. */
  lock(tx: Tx, id: string): Promise<Withdrawal | null>;
  /** Writes the fields that change after creation. */
  update(tx: Tx, w: Withdrawal): Promise<void>;
  findById(id: string): Promise<Withdrawal | null>;
  /** One page, newest first (createdAt desc, id desc), and the count of all matches. */
  list(filter: WithdrawalListFilter): Promise<{ items: Withdrawal[]; total: number }>;
  /**
   * Every match in the list order, fetched in batches of `batchSize` (keyset
   * pagination), so a large export never sits in memory; `take`/`skip` are ignored.
   */
  stream(filter: WithdrawalListFilter, batchSize: number): AsyncIterable<Withdrawal[]>;
  /** Records an institution report id; false when it was recorded before (a duplicate). */
  recordReport(tx: Tx, report: { reportId: string; withdrawalId: string; status: string; receivedAt: Date; applied: boolean }): Promise<boolean>;
}

/** What the payment institution needs to send a PIX payout. */
export interface PayoutOrder {
  withdrawalId: string;
  amount: number;
  pixKey: string;
  pixKeyType: PixKeyType;
  beneficiaryName: string | null;
  beneficiaryDocumentNumber: string | null;
  description: string | null;
  createdAt: Date;
}

/**
 * The payout side of the payment institution (PSP / bank). Outcomes come back
 * asynchronously as PayoutReports through InstitutionPayoutReportsService.apply, the same
 * path real callbacks take.
 */
export interface PayoutInstitution {
  /** Throws (503 INSTITUTION_NOT_CONFIGURED) when no institution can take payouts. */
  assertReady(): void;
  /** Hands the payout over. Idempotent per withdrawal id (the institution's idEnvio). A rerun: not sent yet, try again then. */
  submitPayout(order: PayoutOrder): Promise<void | JobRerun>;
}

/** A status report about a payout: the one inbound path for withdrawal outcomes. */
export interface PayoutReport {
  /** Unique per report; a repeated id is ignored. */
  reportId: string;
  withdrawalId: string;
  /** A withdrawal status word; unknown words map to FAILED. */
  status: string;
  /** End-to-end id; required with PAID. */
  end2end?: string;
  /** When it happened at the institution (defaults to now). */
  at?: Date;
  reason?: string;
}

import type { DocumentType } from '../documents/document';
import type { PixKeyType } from '../pix/pix-key';
import type { Cents } from '../shared/money';
import type { WithdrawalStatus } from './withdrawal-status';

/** Who receives the payout; required above the beneficiary threshold (SPEC, create withdrawal). */
export interface Beneficiary {
  name: string | null;
  documentType: DocumentType | null;
  /** Normalised: CPF 11 digits, CNPJ 14 upper-case characters. */
  documentNumber: string | null;
}

/** A PIX payout from a seller's available balance and everything that happened to it. */
export interface Withdrawal {
  id: string;
  sellerId: string;
  amount: Cents;
  /** The plan fee debited beside the amount at creation. */
  feeAmount: Cents;
  method: 'PIX';
  /** Normalised as the DICT stores it (E.164 phone, lower-case e-mail and EVP, bare CPF/CNPJ). */
  pixKey: string;
  pixKeyType: PixKeyType;
  status: WithdrawalStatus;
  description: string | null;
  /** The client's own reference (optional; searchable). */
  externalReference: string | null;
  beneficiary: Beneficiary;
  metadata: Record<string, unknown> | null;
  /** End-to-end id of the PIX transfer, known once PAID. */
  end2end: string | null;
  /** Why the institution rejected, failed, blocked or returned it. */
  failureReason: string | null;
  /** Why an APPROVED withdrawal is not sent yet (the platform's float at the PSP); null otherwise. */
  waitingReason: string | null;
  approvedAt: Date | null;
  processedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A validated list query; dates are instants (inclusive from, exclusive before). */
export interface WithdrawalListFilter {
  sellerId: string;
  take: number;
  skip: number;
  status?: WithdrawalStatus;
  method?: 'PIX';
  id?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  minAmount?: Cents;
  maxAmount?: Cents;
  metadataKey?: string;
  metadataValue?: string;
  search?: string;
}

import type { Cents } from '../shared/money';
import type { TransactionStatus } from './transaction-status';

export interface Customer {
  name?: string;
  email?: string;
  /** CPF or CNPJ, normalised (digits, or upper-case alphanumeric CNPJ). */
  document?: string;
  documentType?: 'CPF' | 'CNPJ';
  /** E.164. */
  phone?: string;
}

export interface PixCharge {
  copyPaste: string;
  /** Absolute URL of the PNG QR image (`.svg` beside it); derived from the location, not stored. */
  qrCode: string;
  expiresAt: Date;
}

/** A PIX charge and everything that happened to it. */
export interface Transaction {
  id: string;
  sellerId: string;
  amount: Cents;
  paymentMethod: 'PIX';
  status: TransactionStatus;
  createdAt: Date;
  updatedAt: Date;
  providerReference: string;
  /** Central Bank txid of the charge (lives in the location payload). */
  txid: string;
  /** Id in the location URL that the BR Code points at. */
  locationId: string;
  pix: PixCharge;
  paidAt: Date | null;
  end2endId: string | null;
  feeAmount: Cents | null;
  netAmount: Cents | null;
  refundedAmount: Cents;
  refundType: 'FULL' | 'PARTIAL' | null;
  refusedReason: string | null;
  customer: Customer | null;
  metadata: Record<string, unknown> | null;
  description: string | null;
  merchantOrderId: string | null;
  postbackUrl: string | null;
  /** The latest dispute of the transaction (set by the disputes capability). */
  disputeId?: string | null;
}

export interface TransactionListFilter {
  sellerId: string;
  status?: TransactionStatus;
  paymentMethod?: 'PIX';
  createdFrom?: Date;
  createdUntil?: Date;
  limit: number;
  offset: number;
}

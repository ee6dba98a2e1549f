import type { DueDateCharge } from '../due-date/due-date-charge';
import type { RefundStatus } from './refund-status';
import type { Cents } from '../shared/money';
import type { TransactionStatus } from './transaction-status';

/** Methods a charge can be paid with. BOLETO and CARD exist only in the sandbox (SPEC, Sandbox). */
export const TRANSACTION_PAYMENT_METHODS = ['PIX', 'BOLETO', 'CARD'] as const;
export type TransactionPaymentMethod = (typeof TRANSACTION_PAYMENT_METHODS)[number];

/** A boleto's numbering and where its printable rendering lives. */
export interface BoletoCharge {
  /** 44 digits (FEBRABAN). */
  barcode: string;
  /** 47 digits, unformatted. */
  digitableLine: string;
  bankCode: string;
  /** The seller's name as printed on the boleto (beneficiário); removed when its retention ends. */
  beneficiaryName?: string;
  /** YYYY-MM-DD: payable until the end of this day (São Paulo time). */
  dueDate: string;
  /** When an unpaid boleto becomes EXPIRED. */
  expiresAt: Date;
  /** Unguessable id of the printable page (`/boleto/<token>`). */
  token: string;
  url: string;
}

/** What is kept of a card: never its number or CVV. */
export interface CardSummary {
  brand: string;
  last4: string;
  /** Keyed hash of the number (HMAC): recognises the same card without storing it. */
  fingerprint: string;
  installments: number;
}

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
  paymentMethod: TransactionPaymentMethod;
  status: TransactionStatus;
  createdAt: Date;
  updatedAt: Date;
  providerReference: string;
  /** Central Bank txid of the charge (lives in the location payload); null for other methods. */
  txid: string | null;
  /** Id in the location URL that the BR Code points at; null for other methods. */
  locationId: string | null;
  /** PIX charges only. */
  pix: PixCharge | null;
  /** BOLETO transactions only. */
  boleto?: BoletoCharge | null;
  /** CARD transactions only. */
  card?: CardSummary | null;
  /** PIX charges with a due date (API Pix cobv) only; `amount` is the original until paid, then what was paid. */
  dueDateCharge?: DueDateCharge | null;
  /** A marketplace's split charge (its parts in `transaction_splits`); absent or false for a charge of one seller. */
  isSplit?: boolean;
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
  paymentMethod?: TransactionPaymentMethod;
  createdFrom?: Date;
  createdUntil?: Date;
  /** case-insensitive substring of id, description, merchantOrderId or end2endId */
  search?: string;
  limit: number;
  offset: number;
}

/** A seller's refund of a transaction, followed to its outcome at the PSP (see `refund-status.ts`). */
export interface TransactionRefund {
  id: string;
  transactionId: string;
  sellerId: string;
  amount: number;
  status: RefundStatus;
  /** The PSP's id of the devolução (API Pix `rtrId`), once known. */
  rtrId: string | null;
  /** The PSP's reason when FAILED. */
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

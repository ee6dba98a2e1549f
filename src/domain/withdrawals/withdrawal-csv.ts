import type { Withdrawal } from './withdrawal.types';

/** Columns of the CSV export, in order (the header row). */
export const WITHDRAWAL_CSV_COLUMNS = [
  'id',
  'createdAt',
  'status',
  'method',
  'amount',
  'feeAmount',
  'totalAmount',
  'pixKeyType',
  'pixKey',
  'end2end',
  'approvedAt',
  'processedAt',
  'description',
  'externalReference',
  'beneficiaryName',
  'beneficiaryDocumentType',
  'beneficiaryDocumentNumber',
  'failureReason',
  'metadata',
  'updatedAt',
] as const;

export type WithdrawalCsvRecord = Record<(typeof WITHDRAWAL_CSV_COLUMNS)[number], string>;

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab / carriage return before
 * one) as a formula (CSV injection). Such text cells get a leading apostrophe, the
 * OWASP recommendation: shown as text, never evaluated. Applied to every text cell,
 * so an E.164 phone key appears as '+5511...; amounts are plain non-negative integers.
 */
export function neutraliseCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');
const text = (s: string | null) => neutraliseCsvCell(s ?? '');

/** One row of the export; quoting and escaping (RFC 4180) are the CSV writer's job. */
export function withdrawalCsvRecord(w: Withdrawal): WithdrawalCsvRecord {
  return {
    id: text(w.id),
    createdAt: iso(w.createdAt),
    status: text(w.status),
    method: text(w.method),
    amount: String(w.amount),
    feeAmount: String(w.feeAmount),
    totalAmount: String(w.amount + w.feeAmount),
    pixKeyType: text(w.pixKeyType),
    pixKey: text(w.pixKey),
    end2end: text(w.end2end),
    approvedAt: iso(w.approvedAt),
    processedAt: iso(w.processedAt),
    description: text(w.description),
    externalReference: text(w.externalReference),
    beneficiaryName: text(w.beneficiary.name),
    beneficiaryDocumentType: text(w.beneficiary.documentType),
    beneficiaryDocumentNumber: text(w.beneficiary.documentNumber),
    failureReason: text(w.failureReason),
    metadata: text(w.metadata ? JSON.stringify(w.metadata) : null),
    updatedAt: iso(w.updatedAt),
  };
}

import type { Cents } from '../shared/money';
import type { Transaction } from './transaction.types';
import { amountDue } from '../due-date/amount-due';
import { brasiliaDate, type CivilDate } from '../due-date/civil-dates';
import type { HolidayCalendar } from '../privacy/business-days';

/** A devolução of a received Pix as the PSP holds it: a refund we asked for, or a MED return. */
export interface PspPixReturn {
  /** Ours for a refund (the refund id); the PSP's for a MED return. */
  id: string;
  cents: Cents;
  /** API Pix `natureza`: ORIGINAL, RETIRADA, MED_OPERACIONAL, MED_FRAUDE, MED_PIX_AUTOMATICO. */
  nature: string;
  /** API Pix `status`: EM_PROCESSAMENTO, DEVOLVIDO, NAO_REALIZADO. */
  status: string;
  reason: string | null;
  /** The PSP's id of the devolução (API Pix `rtrId`). */
  rtrId: string | null;
}

/**
 * A Pix the PSP itself says it received (what `GET /pix/{e2eid}` and `GET /pix` answer). The
 * callbacks (after reading each Pix back) and the reconciliation apply the same record the
 * same way: a callback is a hint, this is the fact.
 */
export interface PspPix {
  endToEndId: string;
  txid: string | null;
  cents: Cents;
  at: Date;
  returns: PspPixReturn[];
}

/** A payment the PSP confirmed, as an institution report (`reportId` is per end-to-end id). */
export interface ConfirmedPixPayment {
  reportId: string;
  transactionId: string;
  status: 'PAID';
  end2endId: string;
  paidAt: string;
  /** A charge with a due date: the day it was priced on. */
  paymentDate?: CivilDate;
}

/** What a received Pix means for our charges. */
export type PspPixVerdict =
  /** A payment of one of our charges, of its amount: a PAID report keyed by the end-to-end id. */
  | { kind: 'payment'; report: ConfirmedPixPayment }
  /** No charge of ours has its txid (a static code, another system's cob, or none). */
  | { kind: 'not-ours' }
  /** A charge of ours paid with another amount: never credited by itself, an operator decides. */
  | { kind: 'amount-differs'; transactionId: string; paid: Cents; amount: Cents };

/** The report id of a received Pix: one per end-to-end id, whichever path (callback, reconciliation) sees it first. */
export const pspPixReportId = (endToEndId: string): string => `apipix-pix:${endToEndId}`;

/**
 * Judges a received Pix against the charge its txid names (null when none of ours does). A
 * charge with a due date asks what its rules give on the Pix's day in Brasília (with
 * `calendar`; without one, its stored amount): after its last payable day nothing is due.
 */
export function judgePspPix(pix: PspPix, charge: Pick<Transaction, 'id' | 'amount' | 'dueDateCharge'> | null, calendar?: HolidayCalendar): PspPixVerdict {
  if (!charge) return { kind: 'not-ours' };
  const paymentDate = brasiliaDate(pix.at);
  const dueDate = charge.dueDateCharge && calendar ? amountDue(charge.dueDateCharge.terms, charge.dueDateCharge.originalAmount, paymentDate, calendar) : null;
  const expected = !dueDate ? charge.amount : dueDate.payable ? dueDate.components.final : 0;
  if (pix.cents !== expected) return { kind: 'amount-differs', transactionId: charge.id, paid: pix.cents, amount: expected };
  return {
    kind: 'payment',
    report: {
      reportId: pspPixReportId(pix.endToEndId),
      transactionId: charge.id,
      status: 'PAID',
      end2endId: pix.endToEndId,
      paidAt: pix.at.toISOString(),
      ...(dueDate ? { paymentDate } : {}),
    },
  };
}

/** The API Pix `natureza` words of a MED return (the payer's institution takes money back). */
export const MED_NATURES: readonly string[] = ['MED_OPERACIONAL', 'MED_FRAUDE', 'MED_PIX_AUTOMATICO'];

/** A settled MED return, as an institution report (`reportId` is per end-to-end id and devolução id). */
export interface MedReturnReport {
  reportId: string;
  transactionId: string;
  status: 'CHARGEDBACK';
  amount: Cents;
}

export type PspPixReturnVerdict =
  /** Not a MED return: one of our refunds, if its id is one (the refund use case checks). */
  | { kind: 'refund' }
  /** A MED return the PSP says is done (DEVOLVIDO): applied as today's MED report, of its amount. */
  | { kind: 'med'; report: MedReturnReport }
  /** A MED return not settled (EM_PROCESSAMENTO, NAO_REALIZADO): nothing has left yet; seen again when it settles. */
  | { kind: 'pending-med' };

export const medReturnReportId = (endToEndId: string, returnId: string): string => `apipix-med:${endToEndId}:${returnId}`;

/** Judges one devolução of a received Pix of our charge `transactionId`. */
export function judgePspPixReturn(endToEndId: string, transactionId: string, r: PspPixReturn): PspPixReturnVerdict {
  if (!MED_NATURES.includes(r.nature)) return { kind: 'refund' };
  if (r.status !== 'DEVOLVIDO') return { kind: 'pending-med' };
  return { kind: 'med', report: { reportId: medReturnReportId(endToEndId, r.id), transactionId, status: 'CHARGEDBACK', amount: r.cents } };
}

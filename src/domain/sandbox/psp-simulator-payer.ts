import { dueDatePayment } from '../due-date/due-date-charge';
import type { CivilDate } from '../due-date/civil-dates';
import type { HolidayCalendar } from '../privacy/business-days';
import { DomainError } from '../shared/errors';
import type { ApplyPspPix, PspPixOutcome } from '../transactions/apply-psp-pix';
import type { PspPix } from '../transactions/psp-pix';
import { shouldApplyReport } from '../transactions/transaction-status';
import type { Transaction } from '../transactions/transaction.types';

/** A refusal of the simulator's control API (a cob already paid or removed, a Pix returned in full), in its words. */
export type SimulatorRefusal = { refused: string };

/**
 * The PSP simulator's control API (sandbox mode with INSTITUTION=apipix only): it acts as the
 * payer, and as the payer's institution taking money back. Not part of the API Pix.
 */
export interface PspSimulatorControl {
  /** The payer pays the cob now, its amount: the end-to-end id of the Pix the PSP received. */
  payCob(txid: string): Promise<{ endToEndId: string } | SimulatorRefusal>;
  /** The payer pays the cobv on `paymentDate` (the PSP's today by default) what its terms ask that day. */
  payCobv(txid: string, paymentDate?: CivilDate): Promise<{ endToEndId: string } | SimulatorRefusal>;
  /** The payer's institution takes back what is left of the Pix (a MED return, already settled). */
  medReturn(endToEndId: string): Promise<{ returned: true } | SimulatorRefusal>;
}

export interface PspSimulatorPayerDeps {
  control: PspSimulatorControl;
  /** The PSP's own record of a Pix (`GET /pix/{e2eid}`), the same read the callbacks use; null when it has none. */
  readPix(endToEndId: string): Promise<PspPix | null>;
  /** The one use case that applies a received Pix (callbacks and reconciliation call it too). */
  applyPix: ApplyPspPix;
  findCharge(transactionId: string): Promise<Transaction | null>;
  /** National holidays: a payment date after a charge's last payable day is refused before the PSP is asked. */
  holidays: HolidayCalendar;
  /** A charge the automatic payment could not pay (the simulator refused): for the operator's log. */
  skipped?(transactionId: string, why: string): void;
  /** The payer's Pix changed the charge (the first time only), as the simulated institution logs it. */
  paid?(transactionId: string, endToEndId: string): void;
}

/**
 * The sandbox's payer on a real adapter: each act goes through the simulator's control API,
 * then the Pix it made is read back from the PSP and applied through applyPspPix at once, as a
 * callback would be (the callback that follows is the same Pix again and changes nothing).
 */
export class PspSimulatorPayer {
  constructor(private readonly d: PspSimulatorPayerDeps) {}

  /**
   * The payer pays a PIX charge now; a charge with a due date as on `paymentDate` (422
   * DUE_DATE_CHARGE_NOT_PAYABLE after its last payable day, as the simulated institution answers).
   */
  async pay(charge: Pick<Transaction, 'id' | 'txid' | 'dueDateCharge'>, paymentDate?: CivilDate): Promise<PspPixOutcome> {
    if (!charge.txid) throw new DomainError('NOT_PAYABLE', 'the charge has no cob at the PSP to pay', 'UNPROCESSABLE');
    if (charge.dueDateCharge && paymentDate !== undefined) dueDatePayment(charge.dueDateCharge, paymentDate, this.d.holidays);
    const paid = charge.dueDateCharge ? await this.d.control.payCobv(charge.txid, paymentDate) : await this.d.control.payCob(charge.txid);
    if ('refused' in paid) throw new DomainError('NOT_PAYABLE', `the PSP simulator refused to pay the charge: ${paid.refused}`, 'CONFLICT');
    const outcome = await this.apply(paid.endToEndId);
    if (outcome.applied) this.d.paid?.(charge.id, paid.endToEndId);
    return outcome;
  }

  /** The automatic payment (a durable job): a charge paid or closed meanwhile is left alone, a refusal is only told. */
  async autopay(transactionId: string): Promise<void> {
    const charge = await this.d.findCharge(transactionId);
    if (!charge || charge.paymentMethod !== 'PIX' || !shouldApplyReport(charge.status, 'PAID')) return;
    try {
      await this.pay(charge);
    } catch (e) {
      if (!(e instanceof DomainError) || e.code !== 'NOT_PAYABLE') throw e;
      this.d.skipped?.(transactionId, e.message);
    }
  }

  /** A MED return of a paid charge: false when the PSP holds no Pix of it (none, or one it does not know) or refused. */
  async medReturn(charge: Pick<Transaction, 'end2endId'>): Promise<boolean> {
    if (!charge.end2endId) return false;
    const returned = await this.d.control.medReturn(charge.end2endId);
    if ('refused' in returned) return false;
    await this.apply(charge.end2endId);
    return true;
  }

  private async apply(endToEndId: string): Promise<PspPixOutcome> {
    const pix = await this.d.readPix(endToEndId);
    if (!pix) throw new Error(`the PSP has no Pix ${endToEndId} right after making it`);
    return this.d.applyPix(pix);
  }
}

import type { PayoutProgressRepository } from '../withdrawals/payout-psp.ports';
import { payoutOrderOf } from '../withdrawals/payout-order';
import type { PspPayouts } from '../withdrawals/psp-payouts.service';
import type { Withdrawal } from '../withdrawals/withdrawal.types';
import type { SimulatorRefusal } from './psp-simulator-payer';

/** The PSP simulator's control API for payouts (sandbox mode with a payout PSP only). */
export interface PspSimulatorPayoutControl {
  /** The PSP settles (REALIZADO) or refuses (NAO_REALIZADO) a payout it holds EM_PROCESSAMENTO. */
  settlePayout(pspPayoutId: string, status: 'REALIZADO' | 'NAO_REALIZADO', motivo?: string): Promise<{ settled: true } | SimulatorRefusal>;
}

export interface PspSimulatorPayoutsDeps {
  control: PspSimulatorPayoutControl;
  payouts: Pick<PspPayouts, 'submitPayout' | 'hint'>;
  progress: Pick<PayoutProgressRepository, 'progress'>;
}

/**
 * The sandbox's payout reports acted at the PSP (its simulator), so they hold on the real
 * adapter: a payout not sent yet is sent now (the float and the paying key permitting), the
 * PSP settles or refuses it, and the outcome is read back by our identifier and applied as
 * the PSP reports it (the webhook that follows changes nothing).
 */
export class PspSimulatorPayouts {
  constructor(private readonly d: PspSimulatorPayoutsDeps) {}

  /** True when the PSP held the payout and its record was applied; false: it holds none (report it instead). */
  async settle(w: Withdrawal, outcome: 'PAID' | 'FAILED', reason?: string): Promise<boolean> {
    const progress = await this.d.progress.progress(w.id);
    if (!progress) return false;
    if (progress.attempts === 0) await this.d.payouts.submitPayout(payoutOrderOf(w));
    const settled = await this.d.control.settlePayout(progress.pspPayoutId, outcome === 'PAID' ? 'REALIZADO' : 'NAO_REALIZADO', reason);
    // 409: the PSP had already settled it (its own outcome is read back); 404: it holds nothing.
    if ('refused' in settled && !/ is (REALIZADO|NAO_REALIZADO)$/.test(settled.refused)) return false;
    await this.d.payouts.hint(progress.pspPayoutId);
    return true;
  }
}

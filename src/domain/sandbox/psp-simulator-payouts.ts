import type { PayoutProgressRepository } from '../withdrawals/payout-psp.ports';
import { payoutOrderOf } from '../withdrawals/payout-order';
import type { PspPayouts } from '../withdrawals/psp-payouts.service';
import type { WithdrawalRepository } from '../withdrawals/withdrawals.ports';
import type { Withdrawal } from '../withdrawals/withdrawal.types';
import type { SimulatorRefusal } from './psp-simulator-payer';

/** The PSP simulator's control API for payouts (sandbox mode with a payout PSP only). */
export interface PspSimulatorPayoutControl {
  /**
   * The PSP settles (REALIZADO) or refuses (NAO_REALIZADO) a payout it holds EM_PROCESSAMENTO,
   * known by the PSP's own code; `at`: the instant of the outcome, on the sandbox's clock.
   */
  settlePayout(pspCode: string, status: 'REALIZADO' | 'NAO_REALIZADO', motivo?: string, at?: Date): Promise<{ settled: true } | SimulatorRefusal>;
  /** The PSP settles no payout on its own any more (its `manual` mode): the sandbox's script decides every outcome. */
  holdPayouts(): Promise<void>;
}

export interface PspSimulatorPayoutsDeps {
  control: PspSimulatorPayoutControl;
  payouts: Pick<PspPayouts, 'submitPayout' | 'hint'>;
  progress: Pick<PayoutProgressRepository, 'progress'>;
  withdrawals: Pick<WithdrawalRepository, 'findById'>;
  /** The PSP's own code of a payout sent under our identifier (Efí: the idEnvio itself; Inter: its codigoSolicitacao), null when unknown. */
  pspCodeOf(pspPayoutId: string): Promise<string | null>;
}

/** A settle the simulator refused because the payout is already final: its own outcome is read back. */
const ALREADY_FINAL = / is (REALIZADO|NAO_REALIZADO)$/;

/**
 * The sandbox's payout acts done at the PSP (its simulator), so the documented sandbox holds on
 * the real adapter: a payout is sent through the exactly-once core, the PSP settles or refuses
 * it, and the outcome is read back by our identifier and applied as the PSP reports it (the
 * webhook that follows changes nothing).
 */
export class PspSimulatorPayouts {
  constructor(private readonly d: PspSimulatorPayoutsDeps) {}

  /**
   * A simulator in its default `auto` mode settles every payout itself a second after it takes
   * it, before the script's own outcome: a magic failing amount would then be paid. Asked before
   * each send (a loopback call, sandbox only), so a restarted simulator is held again too.
   */
  private holdAtPsp(): Promise<void> {
    return this.d.control.holdPayouts();
  }

  /**
   * Sends the withdrawal's payout (or reads back the one sent before). False while it waits to
   * be sent (the float or the paying key); true once it was sent or the withdrawal is closed.
   */
  async send(withdrawalId: string): Promise<boolean> {
    const w = await this.d.withdrawals.findById(withdrawalId);
    if (!w) return true;
    await this.holdAtPsp();
    return (await this.d.payouts.submitPayout(payoutOrderOf(w))) === undefined;
  }

  /**
   * The sandbox's report route: a payout not sent yet is sent now, then settled or refused at the
   * PSP. True when the PSP held the payout and its record was applied; false: it holds none
   * (report it instead).
   */
  async settle(w: Withdrawal, outcome: 'PAID' | 'FAILED', reason?: string, at?: Date): Promise<boolean> {
    const progress = await this.d.progress.progress(w.id);
    if (!progress) return false;
    if (progress.attempts === 0) {
      await this.holdAtPsp();
      await this.d.payouts.submitPayout(payoutOrderOf(w));
    }
    return this.settleAtPsp(progress.pspPayoutId, outcome, reason, at);
  }

  /** The sandbox's scripted outcome of a payout already sent; false when none was sent (report it instead). */
  async settleSent(withdrawalId: string, outcome: 'PAID' | 'FAILED', reason: string | undefined, at: Date): Promise<boolean> {
    const progress = await this.d.progress.progress(withdrawalId);
    if (!progress || progress.attempts === 0) return false;
    return this.settleAtPsp(progress.pspPayoutId, outcome, reason, at);
  }

  private async settleAtPsp(pspPayoutId: string, outcome: 'PAID' | 'FAILED', reason: string | undefined, at: Date | undefined): Promise<boolean> {
    const code = await this.d.pspCodeOf(pspPayoutId);
    if (!code) return false;
    const settled = await this.d.control.settlePayout(code, outcome === 'PAID' ? 'REALIZADO' : 'NAO_REALIZADO', reason, at);
    // 409: the PSP had already settled it (its own outcome is read back); 404: it holds nothing.
    if ('refused' in settled && !ALREADY_FINAL.test(settled.refused)) return false;
    await this.d.payouts.hint(pspPayoutId);
    return true;
  }
}

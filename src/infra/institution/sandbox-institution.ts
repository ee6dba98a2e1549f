import { randomBytes } from 'node:crypto';
import { buildEndToEndId, alphanumericFromBytes } from '../../domain/pix/ids';
import type { Scheduler } from '../../domain/jobs/scheduler';
import type { UnitOfWork } from '../../domain/shared/unit-of-work';
import type { InstitutionRefundState, InstitutionReport, PaymentInstitution } from '../../domain/transactions/transactions.ports';
import type { Transaction, TransactionPaymentMethod } from '../../domain/transactions/transaction.types';
import type { Logger } from '../log/logger';
import { SANDBOX_JOBS } from './sandbox-jobs';

/** ISPB used in sandbox end-to-end ids. */
export const SANDBOX_ISPB = '00000000';

export interface SandboxInstitutionDeps {
  uow: UnitOfWork;
  scheduler: Scheduler;
  logger: Logger;
  /** The inbound report path (the same one a real institution's callbacks use); `applied` when it changed the charge, and the charge as it left it. */
  report(report: InstitutionReport): Promise<{ applied: boolean; transaction?: Transaction }>;
  autopayAfterMs: number;
}

export function sandboxEndToEndId(at: Date): string {
  return buildEndToEndId({ ispb: SANDBOX_ISPB, at, random: alphanumericFromBytes(randomBytes(11)).slice(0, 11) });
}

/**
 * Simulates the payment institution: charges register at once, and every charge is
 * paid automatically a fixed time after creation (30 s by default) through a durable
 * job, reported back through the inbound report path. No real money moves.
 */
const RETURNED: InstitutionRefundState = { status: 'DEVOLVIDO', rtrId: null, reason: null };

export class SandboxInstitution implements PaymentInstitution {
  constructor(private readonly d: SandboxInstitutionDeps) {}

  assertReady(): void {}

  async registerCharge(input: Parameters<PaymentInstitution['registerCharge']>[0]): Promise<void> {
    // Boletos are paid only through the sandbox pay route (SPEC: "payment is simulated through a test endpoint"); a cycle by the payer's answer.
    if (input.paymentMethod === 'PIX' && input.autopay !== false) await this.schedulePayment(input);
    await this.d.report({ reportId: `sandbox-created:${input.transactionId}`, transactionId: input.transactionId, status: 'CREATED' });
  }

  /** The simulated payer will pay the charge `SANDBOX_AUTOPAY_SECONDS` after its creation (a durable job). */
  async schedulePayment(input: { transactionId: string; createdAt: Date }): Promise<void> {
    await this.d.uow.run((tx) =>
      this.d.scheduler.schedule(
        tx,
        SANDBOX_JOBS.autopay.at(`sandbox-autopay:${input.transactionId}`, new Date(input.createdAt.getTime() + this.d.autopayAfterMs), {
          transactionId: input.transactionId,
        }),
      ),
    );
  }

  /** The simulated payer's bank takes every devolução at once. */
  async requestRefund(input: { transactionId: string; refundId: string; amount: number; end2endId: string | null }): Promise<InstitutionRefundState> {
    this.d.logger.info({ transactionId: input.transactionId, refundId: input.refundId, amount: input.amount }, 'sandbox refund returned to payer');
    return RETURNED;
  }

  async refundState(): Promise<InstitutionRefundState> {
    return RETURNED;
  }

  /**
   * The simulated payer pays now (a PIX payment carries an end-to-end id; a boleto does not).
   * Logged only when the payment changed the charge: paying a paid charge again is a no-op.
   */
  async pay(transactionId: string, at: Date, reportId = `sandbox-pay:${transactionId}`, method: TransactionPaymentMethod = 'PIX', paymentDate?: string): Promise<{ applied: boolean; transaction?: Transaction }> {
    const end2endId = method === 'PIX' ? sandboxEndToEndId(at) : undefined;
    const outcome = await this.d.report({ reportId, transactionId, status: 'PAID', end2endId, paidAt: at, ...(paymentDate ? { paymentDate } : {}) });
    if (outcome.applied) this.d.logger.info({ transactionId, end2endId, reportId }, 'sandbox payer paid the charge');
    return outcome;
  }
}

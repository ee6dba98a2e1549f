import type { PaymentInstitution } from '../../domain/transactions/transactions.ports';

/**
 * A sandbox on a real adapter (API Pix with the PSP simulator's control API): the institution
 * registers and refunds as it always does, and every PIX charge it registers also gets the
 * sandbox's automatic payment, the same durable job the simulated institution schedules.
 */
export class AutopayingInstitution implements PaymentInstitution {
  constructor(
    private readonly inner: PaymentInstitution,
    private readonly schedulePayment: (input: { transactionId: string; createdAt: Date }) => Promise<void>,
  ) {}

  assertReady(): void {
    this.inner.assertReady();
  }

  async registerCharge(input: Parameters<PaymentInstitution['registerCharge']>[0]): Promise<void> {
    if (input.paymentMethod === 'PIX' && input.autopay !== false) await this.schedulePayment(input);
    await this.inner.registerCharge(input);
  }

  requestRefund(input: Parameters<PaymentInstitution['requestRefund']>[0]): ReturnType<PaymentInstitution['requestRefund']> {
    return this.inner.requestRefund(input);
  }

  refundState(input: Parameters<PaymentInstitution['refundState']>[0]): ReturnType<PaymentInstitution['refundState']> {
    return this.inner.refundState(input);
  }
}

import { DomainError } from '../../domain/shared/errors';
import type { PaymentInstitution } from '../../domain/transactions/transactions.ports';
import type { PayoutInstitution } from '../../domain/withdrawals/withdrawals.ports';

const notConfigured = () =>
  new DomainError(
    'INSTITUTION_NOT_CONFIGURED',
    'no payment institution is connected to this production deployment; charges and payouts are unavailable',
    'UNAVAILABLE',
  );

/**
 * Production mode until a real institution adapter is plugged in: the sandbox
 * simulator must never stand in for real money, so charges and payouts are refused.
 */
export class UnconfiguredInstitution implements PaymentInstitution, PayoutInstitution {
  assertReady(): void {
    throw notConfigured();
  }
  async registerCharge(): Promise<void> {
    throw notConfigured();
  }
  async requestRefund(): Promise<never> {
    throw notConfigured();
  }
  async refundState(): Promise<never> {
    throw notConfigured();
  }
  async submitPayout(): Promise<void> {
    throw notConfigured();
  }
}

import type { Clock } from '../../domain/shared/clock';
import { DomainError, validationError } from '../../domain/shared/errors';
import type { ReportOutcome, InstitutionChargeReportsService } from '../../domain/transactions/institution-charge-reports.service';
import type { Transaction } from '../../domain/transactions/transaction.types';
import type { TransactionsService } from '../../domain/transactions/transactions.service';
import { type SandboxInstitution, sandboxEndToEndId } from './sandbox-institution';

/** What the sandbox actions need; both doors pass their services. */
export interface SandboxServices {
  transactions: Pick<TransactionsService, 'get'>;
  sandboxInstitution: Pick<SandboxInstitution, 'pay'>;
  transactionReports: Pick<InstitutionChargeReportsService, 'apply'>;
  clock: Clock;
  platform: { tokens: { randomToken(): string } };
}

/** Sandbox: the simulated payer pays one of the seller's charges now (404 for others' ids). */
export async function sandboxPayCharge(services: SandboxServices, sellerId: string, id: string): Promise<Transaction> {
  const t = await services.transactions.get(sellerId, id);
  if (t.paymentMethod === 'CARD') {
    throw new DomainError('NOT_PAYABLE', 'a card payment is approved or refused when it is created; it cannot be paid later', 'UNPROCESSABLE');
  }
  await services.sandboxInstitution.pay(t.id, services.clock.now(), undefined, t.paymentMethod);
  return services.transactions.get(t.sellerId, t.id);
}

/** Sandbox: the simulated institution reports any status for one of the seller's charges. */
export async function sandboxReportCharge(
  services: SandboxServices,
  sellerId: string,
  id: string,
  input: { status: unknown; refusedReason?: unknown },
): Promise<ReportOutcome> {
  const t = await services.transactions.get(sellerId, id);
  const status = input.status;
  if (typeof status !== 'string' || status.length === 0 || status.length > 50) {
    throw validationError('INVALID_FIELD', 'status must be a string of 1 to 50 characters (unknown words become FAILED)', { field: 'status' });
  }
  const now = services.clock.now();
  const paid = status.toUpperCase() === 'PAID';
  return services.transactionReports.apply({
    reportId: `sandbox-report:${t.id}:${services.platform.tokens.randomToken()}`,
    transactionId: t.id,
    status,
    end2endId: paid && t.paymentMethod === 'PIX' ? sandboxEndToEndId(now) : undefined,
    paidAt: paid ? now : undefined,
    refusedReason: typeof input.refusedReason === 'string' ? input.refusedReason : undefined,
  });
}

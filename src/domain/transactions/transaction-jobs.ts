import { jobKind, jobSet, stringField, type JobSet } from '../jobs/job-kinds';
import type { InstitutionReport, PaymentInstitution, TransactionRepository } from './transactions.ports';

const transactionId = (p: Record<string, unknown>) => ({ transactionId: stringField(p, 'transactionId') });

/** The durable jobs of charges (PIX and boleto alike) and refunds. */
export const TRANSACTION_JOBS = {
  /** A created charge is handed to the institution. */
  registerCharge: jobKind('transaction.register-charge', transactionId),
  /** An unpaid charge expires at its expiry. */
  expire: jobKind('transaction.expire', transactionId),
  /** A booked refund is sent to the institution. */
  sendRefund: jobKind('transaction.send-refund', (p) => ({
    ...transactionId(p),
    refundId: stringField(p, 'refundId'),
    amount: Number(p.amount),
    end2endId: typeof p.end2endId === 'string' ? p.end2endId : null,
  })),
};

export function transactionJobs(d: {
  repo: Pick<TransactionRepository, 'findById'>;
  institution: Pick<PaymentInstitution, 'registerCharge' | 'requestRefund'>;
  report: (report: InstitutionReport) => Promise<unknown>;
  /** Runs before a charge expires (with a PSP: confirms its cob was not paid); throwing stops the expiry for a retry. */
  beforeExpiry?: (transactionId: string) => Promise<void>;
}): JobSet<typeof TRANSACTION_JOBS> {
  return jobSet(TRANSACTION_JOBS, {
    registerCharge: async ({ transactionId }) => {
      const t = await d.repo.findById(transactionId);
      if (!t) return;
      const expiresAt = t.pix?.expiresAt ?? t.boleto?.expiresAt;
      if (!expiresAt) return;
      await d.institution.registerCharge({ transactionId: t.id, paymentMethod: t.paymentMethod, txid: t.txid, amount: t.amount, expiresAt, createdAt: t.createdAt });
    },
    expire: async ({ transactionId }) => {
      await d.beforeExpiry?.(transactionId);
      await d.report({ reportId: `expire:${transactionId}`, transactionId, status: 'EXPIRED' });
    },
    sendRefund: (refund) => d.institution.requestRefund(refund),
  });
}

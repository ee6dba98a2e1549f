import { jobKind, jobSet, stringField, type JobSet } from '../jobs/job-kinds';
import { isPaidOrBeyond } from './transaction-status';
import type { InstitutionRefundState, InstitutionReport, PaymentInstitution, TransactionRepository } from './transactions.ports';

const transactionId = (p: Record<string, unknown>) => ({ transactionId: stringField(p, 'transactionId') });
/** Stored before `autopay` existed: absent means the sandbox's payer pays it by itself. */
const registration = (p: Record<string, unknown>): { transactionId: string; autopay?: boolean } => ({ ...transactionId(p), autopay: p.autopay !== false });

/** A charge's expiry job: one per charge, removed once the charge is paid (its expiry could no longer apply). */
export const expireJobKey = (transactionId: string) => `expire:${transactionId}`;

/** The durable jobs of charges (PIX and boleto alike) and refunds. */
export const TRANSACTION_JOBS = {
  /** A created charge is handed to the institution. */
  registerCharge: jobKind('transaction.register-charge', registration, { sideBySide: true }),
  /** An unpaid charge expires at its expiry. */
  expire: jobKind('transaction.expire', transactionId, { sideBySide: true }),
  /** A booked refund is sent to the institution. */
  sendRefund: jobKind('transaction.send-refund', (p) => ({
    ...transactionId(p),
    refundId: stringField(p, 'refundId'),
    amount: Number(p.amount),
    end2endId: typeof p.end2endId === 'string' ? p.end2endId : null,
  })),
  /** A devolução the PSP took is read back until it is final (in case its callback is lost). */
  pollRefund: jobKind('transaction.poll-refund', (p) => ({
    ...transactionId(p),
    refundId: stringField(p, 'refundId'),
    end2endId: typeof p.end2endId === 'string' ? p.end2endId : null,
    attempt: Number.isSafeInteger(p.attempt) ? Number(p.attempt) : 0,
  })),
};

export function transactionJobs(d: {
  repo: Pick<TransactionRepository, 'findById'>;
  institution: Pick<PaymentInstitution, 'registerCharge' | 'requestRefund' | 'refundState'>;
  report: (report: InstitutionReport) => Promise<unknown>;
  /** `RefundOutcomesService.apply`: schedules the next poll while the refund is not final. */
  refundOutcomes: {
    apply(refundId: string, state: InstitutionRefundState | null, o: { poll: { transactionId: string; end2endId: string | null; attempt: number } }): Promise<unknown>;
  };
  /** Runs before a charge expires (with a PSP: confirms its cob was not paid); throwing stops the expiry for a retry. */
  beforeExpiry?: (transactionId: string) => Promise<void>;
}): JobSet<typeof TRANSACTION_JOBS> {
  return jobSet(TRANSACTION_JOBS, {
    registerCharge: async ({ transactionId, autopay }) => {
      const t = await d.repo.findById(transactionId);
      // Paid before it was registered (only the sandbox's pay route can do that): a payable charge at the institution now would only invite a second payment.
      if (!t || isPaidOrBeyond(t.status)) return;
      const expiresAt = t.pix?.expiresAt ?? t.boleto?.expiresAt;
      if (!expiresAt) return;
      await d.institution.registerCharge({ transactionId: t.id, paymentMethod: t.paymentMethod, txid: t.txid, amount: t.amount, expiresAt, createdAt: t.createdAt, autopay });
    },
    expire: async ({ transactionId }) => {
      await d.beforeExpiry?.(transactionId);
      await d.report({ reportId: `expire:${transactionId}`, transactionId, status: 'EXPIRED' });
    },
    // The PSP is called outside any database transaction; what it answers is applied after.
    sendRefund: async (refund) => {
      const state = await d.institution.requestRefund(refund);
      await d.refundOutcomes.apply(refund.refundId, state, { poll: { transactionId: refund.transactionId, end2endId: refund.end2endId, attempt: 0 } });
    },
    pollRefund: async ({ transactionId, refundId, end2endId, attempt }) => {
      const state = await d.institution.refundState({ transactionId, refundId, end2endId });
      await d.refundOutcomes.apply(refundId, state, { poll: { transactionId, end2endId, attempt: attempt + 1 } });
    },
  });
}

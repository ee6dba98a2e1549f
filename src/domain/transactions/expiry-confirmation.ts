import type { ApplyPspPix } from './apply-psp-pix';
import { pspChargeKind, type PspChargeKind } from './psp-charge-kind';
import type { PspPix } from './psp-pix';
import { shouldApplyReport } from './transaction-status';
import type { TransactionRepository } from './transactions.ports';

/** The PSP's word on a cob or a cobv (`GET /cob/{txid}`, `GET /cobv/{txid}`): the Pix that paid it, none when unpaid or unknown there. */
export interface CobPayments {
  /** Throws when the PSP cannot answer: the expiry waits and is tried again. */
  paidPix(txid: string, kind: PspChargeKind): Promise<PspPix[]>;
}

/**
 * Before a PIX charge expires (a charge with a due date: after its validity after the due
 * date), the PSP confirms its cob (cobv) was not paid: a payment that arrived
 * (and whose callback was lost) is applied instead through the one received-Pix use case,
 * so the EXPIRED report that follows no longer applies. A PSP that cannot be reached stops
 * the expiry (the job retries); a charge is never expired blindly.
 */
export function confirmExpiryWithPsp(d: { repo: Pick<TransactionRepository, 'findById'>; cobs: CobPayments; applyPix: ApplyPspPix }) {
  return async (transactionId: string): Promise<void> => {
    const t = await d.repo.findById(transactionId);
    if (!t || t.paymentMethod !== 'PIX' || !t.txid || !shouldApplyReport(t.status, 'EXPIRED')) return;
    for (const pix of await d.cobs.paidPix(t.txid, pspChargeKind(t))) await d.applyPix(pix);
  };
}

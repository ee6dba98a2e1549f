import type { Recurrence } from './recurrence.types';

/** The recurrence as GET answers it and as its webhooks carry it (amounts in cents). */
export function recurrenceView(r: Recurrence, o: { qrImageUrl: (locationId: string) => string }) {
  return {
    id: r.id,
    recId: r.recId,
    status: r.status,
    journey: r.journey,
    contract: {
      object: r.contract.object,
      number: r.contract.number,
      payer: { name: r.contract.payer.name, document: r.contract.payer.document, documentType: r.contract.payer.documentType },
    },
    calendar: { firstDate: r.calendar.firstDate, lastDate: r.calendar.lastDate, period: r.calendar.period },
    amountType: r.amount.type,
    amount: r.amount.type === 'FIXED' ? r.amount.cents : null,
    minimumAmount: r.amount.type === 'VARIABLE' ? r.amount.minimumCents : null,
    /** VARIABLE: the amount the seller set for the next cycle to be made, until that cycle takes it; null when unset or FIXED. */
    nextCycleAmount: r.amount.type === 'VARIABLE' ? r.nextCycleAmount : null,
    retryPolicy: r.retryPolicy,
    authorisation: {
      /** QR journeys: the copy-and-paste code and its image; the push request: its status. */
      copyPaste: r.brCode,
      qrCode: r.locationId ? o.qrImageUrl(r.locationId) : null,
      pushRequestStatus: r.pushRequestStatus,
      firstPaymentTransactionId: r.firstPaymentTransactionId,
      expiresAt: r.authorisationExpiresAt.toISOString(),
    },
    endedBy: r.end?.by ?? null,
    endReason: r.end?.reason ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    approvedAt: r.approvedAt ? r.approvedAt.toISOString() : null,
  };
}

export type RecurrenceView = ReturnType<typeof recurrenceView>;


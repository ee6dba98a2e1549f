import { graphql } from './graphql';

export const ChargeFields = graphql(`
  fragment ChargeFields on Transaction {
    id amount status description createdAt updatedAt paidAt feeAmount netAmount refundedAmount refundType refusedReason merchantOrderId end2endId disputeId
    pix { qrCode copyPaste expiresAt }
  }
`);

export const ChargeUpdated = graphql(
  `subscription ChargeUpdated($id: ID) { transactionUpdated(id: $id) { ...ChargeFields } }`,
  [ChargeFields],
);

/** A charge the payer can still pay: its QR code and countdown are worth showing. */
export const awaitsPayment = (status: string): boolean => status === 'PENDING' || status === 'WAITING_PAYMENT';

export const TRANSACTION_STATUSES = [
  'PENDING', 'WAITING_PAYMENT', 'PROCESSING', 'AUTHORIZED', 'PAID', 'PARTIALLY_REFUNDED', 'REFUNDED',
  'EXPIRED', 'FAILED', 'REFUSED', 'PENDING_REVIEW', 'BLOCKED', 'DISPUTE', 'CHARGEDBACK',
] as const;

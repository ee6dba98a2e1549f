import { graphql } from './graphql';

export const RecurrenceFields = graphql(`
  fragment RecurrenceFields on Recurrence {
    id recId status journey contractNumber contractObject payerName payerDocument
    period firstDate lastDate amountType amount minimumAmount retryPolicy
    createdAt updatedAt approvedAt endedBy endReason
    authorisation { copyPaste qrCode expiresAt pushRequestStatus firstPaymentTransactionId }
  }
`);

/** The statuses a recurrence takes (GraphQL sends them as strings; new ones may appear). */
export const RECURRENCE_STATUSES = ['CREATED', 'APPROVED', 'REJECTED', 'EXPIRED', 'CANCELLED'] as const;
export const RECURRENCE_PERIODS = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALF_YEARLY', 'YEARLY'] as const;
export const RECURRENCE_JOURNEYS = ['QR', 'QR_WITH_FIRST_PAYMENT', 'PUSH_REQUEST'] as const;
export const RECURRENCE_AMOUNT_TYPES = ['FIXED', 'VARIABLE'] as const;
export const RECURRENCE_RETRY_POLICIES = ['NONE', 'THREE_IN_SEVEN_DAYS'] as const;

/** A recurrence the seller can still end: not yet answered, or authorised. */
export const cancellable = (status: string): boolean => status === 'CREATED' || status === 'APPROVED';

/** Waiting for the payer: the authorisation's QR code or request is worth showing. */
export const awaitsAuthorisation = (status: string): boolean => status === 'CREATED';

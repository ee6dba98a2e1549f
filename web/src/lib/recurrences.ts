import { graphql } from './graphql';
import { billingCodes } from './labels/billing-labels';

export const RecurrenceFields = graphql(`
  fragment RecurrenceFields on Recurrence {
    id recId status journey contractNumber contractObject payerName payerDocument
    period firstDate lastDate amountType amount minimumAmount retryPolicy
    createdAt updatedAt approvedAt endedBy endReason
    authorisation { copyPaste qrCode expiresAt pushRequestStatus firstPaymentTransactionId }
  }
`);

/** The choices of each field, in the labels' order (a test holds them equal to the API's lists). */
export const RECURRENCE_STATUSES = billingCodes('RecurrenceStatus');
export const RECURRENCE_PERIODS = billingCodes('RecurrencePeriod');
export const RECURRENCE_JOURNEYS = billingCodes('RecurrenceJourney');
export const RECURRENCE_AMOUNT_TYPES = billingCodes('RecurrenceAmountType');
export const RECURRENCE_RETRY_POLICIES = billingCodes('RecurrenceRetryPolicy');

/** A recurrence the seller can still end: not yet answered, or authorised. */
export const cancellable = (status: string): boolean => status === 'CREATED' || status === 'APPROVED';

/** Waiting for the payer: the authorisation's QR code or request is worth showing. */
export const awaitsAuthorisation = (status: string): boolean => status === 'CREATED';

/** A recurrence with its cycles, as its own page shows it. */
export const RecurrenceDetailFields = graphql(
  `
  fragment RecurrenceDetailFields on Recurrence {
    ...RecurrenceFields
    cycles { number dueDate amount status transactionId attempts nextAttemptOn }
  }
`,
  [RecurrenceFields],
);

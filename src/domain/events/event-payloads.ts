import type { disputeView } from '../disputes/dispute-view';
import type { CycleView } from '../recurrences/cycle-view';
import type { recurrenceView } from '../recurrences/recurrence-view';
import type { splitShareChangeView } from '../splits/split-share-change';
import type { transactionView } from '../transactions/transaction-view';
import type { withdrawalDetailView } from '../withdrawals/withdrawal-view';
import type { EventNameOf, EventResource } from './event-catalogue';

/** The body of the signed test delivery (`WEBHOOK_TEST`). */
export type WebhookTestPayload = {
  id: string;
  webhookId: string;
  createdAt: string;
};

/** The body of WEBHOOK_ENDPOINT_FAILING and WEBHOOK_ENDPOINT_DISABLED: the registration concerned and why. */
export type WebhookEndpointStatePayload = {
  id: string;
  webhookId: string;
  url: string;
  state: 'FAILING' | 'DISABLED';
  previousState: string;
  reason: string;
  detail: string;
  changedAt: string;
};

/**
 * What each resource's events carry: the resource as its GET answers it (the webhook
 * body's root fields, masked at fan-out). TRANSACTION_PARTIALLY_REFUNDED adds
 * `refundType: 'PARTIAL'`; a recurrence's cycle events (`RECURRENCE_CYCLE_*`) add the `cycle`.
 */
export interface ResourcePayloads {
  TRANSACTION: ReturnType<typeof transactionView>;
  WITHDRAWAL: ReturnType<typeof withdrawalDetailView>;
  DISPUTE: ReturnType<typeof disputeView>;
  RECURRENCE: ReturnType<typeof recurrenceView> & { cycle?: CycleView };
  SPLIT_SHARE: ReturnType<typeof splitShareChangeView>;
  WEBHOOK: WebhookTestPayload | WebhookEndpointStatePayload;
}

/** One event of resource R: a catalogue name of R with R's payload (a name of another resource does not compile). */
export type DomainEvent<R extends EventResource> = { eventType: EventNameOf<R>; payload: ResourcePayloads[R] };

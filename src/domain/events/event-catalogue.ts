import { DISPUTE_EVENT_NAMES } from '../disputes/dispute-event-names';
import { RECURRENCE_EVENT_NAMES } from '../recurrences/recurrence-event-names';
import { SPLIT_SHARE_EVENT_NAMES } from '../splits/split-share-event-names';
import { TRANSACTION_STATUSES } from '../transactions/transaction-status';
import { WITHDRAWAL_STATUSES } from '../withdrawals/withdrawal-status';

/**
 * Every event PixPay emits, with the resource it belongs to: the one list that emitters,
 * webhook routing, the webhook document and the dashboard read. Names are SPEC's
 * (`<RESOURCE>_<STATUS>` for every status, plus the creation, failed-refund and MED events); a new
 * status adds its event here by itself. The payload of each resource is in
 * `event-payloads.ts`. Kept free of runtime imports beyond the status lists, so the
 * dashboard can import it.
 */
export const EVENT_RESOURCES = ['TRANSACTION', 'WITHDRAWAL', 'DISPUTE', 'RECURRENCE', 'SPLIT_SHARE', 'WEBHOOK'] as const;
export type EventResource = (typeof EVENT_RESOURCES)[number];

/** `TRANSACTION_REFUND_FAILED`: a refund the PSP could not make; its money is back in the seller's balance. */
export const TRANSACTION_EVENT_NAMES = ['TRANSACTION_CREATED', ...TRANSACTION_STATUSES.map((s) => `TRANSACTION_${s}` as const), 'TRANSACTION_REFUND_FAILED'] as const;
export const WITHDRAWAL_EVENT_NAMES = ['WITHDRAWAL_CREATED', ...WITHDRAWAL_STATUSES.map((s) => `WITHDRAWAL_${s}` as const)] as const;
/**
 * Platform events about a webhook registration itself: the signed test delivery, and a
 * registration's health (sent to the seller's other registrations).
 */
export const WEBHOOK_EVENT_NAMES = ['WEBHOOK_TEST', 'WEBHOOK_ENDPOINT_FAILING', 'WEBHOOK_ENDPOINT_DISABLED'] as const;

export type TransactionEventName = (typeof TRANSACTION_EVENT_NAMES)[number];
export type WithdrawalEventName = (typeof WITHDRAWAL_EVENT_NAMES)[number];
export type DisputeEventName = (typeof DISPUTE_EVENT_NAMES)[number];
export type RecurrenceEventName = (typeof RECURRENCE_EVENT_NAMES)[number];
/** A marketplace recipient's events about its own part of a split charge. */
export type SplitShareEventName = (typeof SPLIT_SHARE_EVENT_NAMES)[number];
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];
export type EventName = TransactionEventName | WithdrawalEventName | DisputeEventName | RecurrenceEventName | SplitShareEventName | WebhookEventName;

/** The names of each resource's events. */
export const EVENTS_BY_RESOURCE: { readonly [R in EventResource]: readonly EventNameOf<R>[] } = {
  TRANSACTION: TRANSACTION_EVENT_NAMES,
  WITHDRAWAL: WITHDRAWAL_EVENT_NAMES,
  DISPUTE: DISPUTE_EVENT_NAMES,
  RECURRENCE: RECURRENCE_EVENT_NAMES,
  SPLIT_SHARE: SPLIT_SHARE_EVENT_NAMES,
  WEBHOOK: WEBHOOK_EVENT_NAMES,
};

export type EventNameOf<R extends EventResource> = {
  TRANSACTION: TransactionEventName;
  WITHDRAWAL: WithdrawalEventName;
  DISPUTE: DisputeEventName;
  RECURRENCE: RecurrenceEventName;
  SPLIT_SHARE: SplitShareEventName;
  WEBHOOK: WebhookEventName;
}[R];

export interface CatalogueEntry {
  name: EventName;
  resource: EventResource;
}

/** The catalogue: every event once, in the order the documents list them. */
export const EVENT_CATALOGUE: readonly CatalogueEntry[] = EVENT_RESOURCES.flatMap((resource) =>
  EVENTS_BY_RESOURCE[resource].map((name): CatalogueEntry => ({ name, resource })),
);

const RESOURCE_OF = new Map<string, EventResource>(EVENT_CATALOGUE.map((e) => [e.name, e.resource]));

export const isEventName = (value: unknown): value is EventName => typeof value === 'string' && RESOURCE_OF.has(value);

/** The resource an event belongs to; null for a name outside the catalogue (an event stored by a newer version). */
export const resourceOfEvent = (name: string): EventResource | null => RESOURCE_OF.get(name) ?? null;

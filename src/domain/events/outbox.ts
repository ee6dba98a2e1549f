import type { Tx } from '../shared/unit-of-work';
import type { EventName } from './event-catalogue';

/** The resources whose events go through the outbox (WEBHOOK_TEST is written as a delivery directly; a registration's state changes go through it). */
export type OutboxResource = 'TRANSACTION' | 'WITHDRAWAL' | 'DISPUTE' | 'RECURRENCE' | 'SPLIT_SHARE' | 'WEBHOOK';

/** A business event, written in the same transaction as the change that caused it. */
export interface OutboxEvent {
  /** A catalogue name (event-catalogue.ts), e.g. TRANSACTION_PAID, WITHDRAWAL_FAILED, DISPUTE_CREATED. */
  eventType: EventName;
  sellerId: string;
  aggregateType: OutboxResource;
  aggregateId: string;
  /** The resource as it is after the change (the webhook body's root fields). */
  payload: Record<string, unknown>;
  occurredAt: Date;
}

export interface Outbox {
  /** Appends the event in tx; returns its id, stable across every redelivery. */
  append(tx: Tx, event: OutboxEvent): Promise<string>;
}

import type { Tx } from '../shared/unit-of-work';

/** A business event, written in the same transaction as the change that caused it. */
export interface OutboxEvent {
  /** e.g. TRANSACTION_PAID, WITHDRAWAL_FAILED, DISPUTE_CREATED. */
  eventType: string;
  sellerId: string;
  aggregateType: 'TRANSACTION' | 'WITHDRAWAL' | 'DISPUTE';
  aggregateId: string;
  /** The resource as it is after the change (the webhook body's root fields). */
  payload: Record<string, unknown>;
  occurredAt: Date;
}

export interface Outbox {
  /** Appends the event in tx; returns its id, stable across every redelivery. */
  append(tx: Tx, event: OutboxEvent): Promise<string>;
}

/**
 * Live notifications for dashboards (GraphQL subscriptions). Not durable: webhooks
 * and the outbox carry the durable copy. Published after commit.
 */
export interface LiveEvent {
  topic: 'WALLET_UPDATED' | 'TRANSACTION_UPDATED' | 'WITHDRAWAL_UPDATED' | 'DISPUTE_UPDATED';
  sellerId: string;
  /** The id of the resource that changed. */
  resourceId: string;
  payload: Record<string, unknown>;
}

export interface LiveEvents {
  publish(event: LiveEvent): void;
}

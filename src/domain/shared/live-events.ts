/**
 * Live notifications for dashboards (GraphQL subscriptions). Not durable: webhooks
 * and the outbox carry the durable copy. Published after commit.
 */
export interface LiveEvent {
  /** CREDENTIALS_CHANGED is internal: it tells every api instance to forget the seller's cached credentials. */
  topic: 'WALLET_UPDATED' | 'TRANSACTION_UPDATED' | 'WITHDRAWAL_UPDATED' | 'DISPUTE_UPDATED' | 'RECURRENCE_UPDATED' | 'SPLIT_SHARE_UPDATED' | 'CREDENTIALS_CHANGED';
  sellerId: string;
  /** The id of the resource that changed. */
  resourceId: string;
  payload: Record<string, unknown>;
}

export interface LiveEvents {
  publish(event: LiveEvent): void;
}

/** Every event of a topic that reaches this process, whichever instance published it. */
export interface LiveEventFeed {
  onEvent(topic: LiveEvent['topic'], listener: (event: LiveEvent) => void): void;
}

import type { Tx } from '../shared/unit-of-work';
import type { EndpointState, EndpointStateReason } from './endpoint-health';

/** A live registration whose health is watched (ACTIVE or FAILING), with its failures. */
export interface WatchedEndpoint {
  id: string;
  sellerId: string;
  url: string;
  state: EndpointState;
  /** First failed attempt after its last success and its last re-enable; null when none. */
  failingSince: Date | null;
  lastError: string | null;
}

export interface EndpointStateChange {
  endpointId: string;
  sellerId: string;
  from: EndpointState;
  to: EndpointState;
  reason: EndpointStateReason;
  detail: string;
  at: Date;
}

export interface RecordedStateChange extends EndpointStateChange {
  id: string;
}

export interface EndpointHealthStore {
  watched(): Promise<WatchedEndpoint[]>;
  /**
   * Moves the registration from `from` to `to` (only if it is still `from` and not
   * deleted) and records the change in its history; returns the change's id, or null
   * when its state had moved meanwhile. A move to ACTIVE by the seller also restarts
   * the count of failures from `at`.
   */
  changeState(tx: Tx, change: EndpointStateChange): Promise<string | null>;
  /** Its PENDING deliveries become HELD (kept for a recovery, never attempted). */
  holdPending(tx: Tx, endpointId: string, at: Date): Promise<number>;
  history(sellerId: string, endpointId: string): Promise<RecordedStateChange[]>;
  change(id: string): Promise<(RecordedStateChange & { url: string; description: string | null }) | null>;
  /** The e-mail addresses of the seller's users. */
  recipients(sellerId: string): Promise<string[]>;
}

/** Tells the seller's users, by e-mail, that a registration changed state. */
export interface EndpointNoticeMailer {
  sendEndpointNotice(m: { to: string[]; changeId: string; webhookId: string; url: string; state: EndpointState; detail: string; changedAt: Date }): Promise<void>;
}

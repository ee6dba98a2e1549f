import type { Tx } from '../shared/unit-of-work';
import type { EndpointState } from './endpoint-health';
import type { SignedRequest } from './webhook-body';
import type {
  AggregateType,
  DeliveryStatus,
  NewDelivery,
  Page,
  WebhookAttempt,
  WebhookCategory,
  WebhookDelivery,
  WebhookEndpoint,
} from './webhook.types';

/** What one HTTP attempt gave. */
export interface SendOutcome {
  statusCode?: number;
  timedOut?: boolean;
  networkError?: boolean;
  /**
   * Short machine-readable cause of a failure without a status (e.g. ECONNREFUSED,
   * ADDRESS_REFUSED): for the operators' log; the seller sees attemptFailureReason's.
   */
  error?: string;
  latencyMs: number;
  /** At most 1 KB of the response body. */
  responseExcerpt?: string;
  retryAfter?: string;
}

/** POSTs a signed body; never throws for a failed attempt, it reports it. */
export interface WebhookSender {
  send(url: string, request: SignedRequest): Promise<SendOutcome>;
}

/**
 * SSRF guard: refuses URLs whose host resolves to loopback, private, link-local,
 * CGNAT, metadata or otherwise non-public addresses, unless the host is allow-listed.
 * Throws a DomainError (WEBHOOK_URL_FORBIDDEN) when refused.
 */
export interface WebhookTargetGuard {
  assertAllowed(url: URL): Promise<void>;
}

/** Hands saved deliveries to the delivery workers (RabbitMQ, or the in-process PostgreSQL queue). */
export interface DeliveryQueue {
  enqueue(deliveries: { id: string; attempts: number }[]): Promise<void>;
}

export interface StoredEndpoint extends WebhookEndpoint {
  secretEnc: string;
}

export interface WebhookEndpointRepository {
  insert(endpoint: StoredEndpoint): Promise<void>;
  countActive(sellerId: string): Promise<number>;
  list(sellerId: string): Promise<WebhookEndpoint[]>;
  find(sellerId: string, id: string): Promise<StoredEndpoint | null>;
  update(endpoint: StoredEndpoint): Promise<void>;
  /** Soft-deletes it and cancels its pending deliveries; returns false when not found. */
  delete(sellerId: string, id: string, now: Date): Promise<boolean>;
  postbackSecret(sellerId: string): Promise<{ secretEnc: string; createdAt: Date; rotatedAt: Date | null } | null>;
  /** Inserts the seller's postback secret unless one exists; returns the stored one. */
  ensurePostbackSecret(sellerId: string, secretEnc: string, last4: string, now: Date): Promise<{ secretEnc: string; createdAt: Date; rotatedAt: Date | null }>;
  rotatePostbackSecret(sellerId: string, secretEnc: string, last4: string, now: Date): Promise<{ secretEnc: string; createdAt: Date; rotatedAt: Date | null }>;
}

/** An event as the outbox holds it (for fan-out and manual resend). */
export interface StoredEvent {
  eventId: string;
  eventType: string;
  sellerId: string;
  aggregateType: AggregateType;
  aggregateId: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

export interface DeliveryFilter {
  sellerId: string;
  endpointId?: string;
  eventId?: string;
  status?: DeliveryStatus;
  take: number;
  skip: number;
}

export interface AttemptFilter {
  sellerId: string;
  endpointId?: string;
  eventId?: string;
  deliveryId?: string;
  take: number;
  skip: number;
}

/** A live registration as the fan-out sees it. */
export interface FanOutTarget {
  id: string;
  sellerId: string;
  category: WebhookCategory;
  url: string;
  /** A DISABLED registration's deliveries are saved HELD (kept, not sent). */
  state: EndpointState;
}

/** One delivery the fan-out decided on: an event to one target. */
export interface PlannedDelivery {
  event: StoredEvent;
  /** Unique per event, fan-out and target (a repeated fan-out saves nothing twice). */
  dedupeKey: string;
  target: 'ENDPOINT' | 'POSTBACK';
  endpointId: string | null;
  url: string;
  /** The masked body, shared by the event's deliveries. */
  body: Record<string, unknown>;
  trigger: 'EVENT' | 'MANUAL';
  status: 'PENDING' | 'FAILED' | 'HELD';
  lastError: string | null;
}

/** What the fan-out reads and writes, in tx when given. */
export interface FanOutStore {
  /** The live (not deleted) registrations of these sellers: a pre-filter by seller only, the domain decides which receive an event. */
  endpointsOf(sellerIds: string[], tx?: Tx): Promise<FanOutTarget[]>;
  /**
   * Saves the deliveries (idempotent per dedupe key; a registration deleted meanwhile
   * gets none) and the postback secret of a seller whose first postback this is;
   * returns the new PENDING ones.
   */
  save(deliveries: PlannedDelivery[], o: { now: Date; expiresAt: Date }, tx?: Tx): Promise<{ id: string; attempts: number }[]>;
}

export interface DeliveryLog {
  listDeliveries(filter: DeliveryFilter): Promise<Page<WebhookDelivery>>;
  getDelivery(sellerId: string, id: string): Promise<WebhookDelivery | null>;
  listAttempts(filter: AttemptFilter): Promise<Page<WebhookAttempt>>;
  /** The latest stored event of an aggregate (what a manual resend sends again). */
  latestEvent(sellerId: string, aggregateType: AggregateType, aggregateId: string): Promise<StoredEvent | null>;
}

/** Creates deliveries. */
export interface DeliveryWrites {
  insert(delivery: NewDelivery): Promise<void>;
  /**
   * Copies every EXPIRED or HELD delivery of the seller created in [from, to]
   * (optionally of one registration) that was not replayed yet into a new PENDING
   * delivery, marking the originals replayed; returns the new ones.
   */
  replayFailed(input: { sellerId: string; from: Date; to: Date; endpointId?: string; now: Date; expiresAt: Date; limit: number }): Promise<{ id: string; attempts: number }[]>;
}

/** A delivery claimed for one attempt (lease held), with the secret that signs it. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  sellerId: string;
  endpointId: string | null;
  target: 'ENDPOINT' | 'POSTBACK';
  url: string;
  payload: Record<string, unknown>;
  attempts: number;
  cycle: number;
  attemptInCycle: number;
  expiresAt: Date;
  /** null when the registration was deleted meanwhile. */
  secret: string | null;
  /** The registration's own rate limit (deliveries per second); null: none (or a postback). */
  maxPerSecond: number | null;
}

export type ClaimResult =
  | { kind: 'CLAIMED'; delivery: ClaimedDelivery }
  /** Already done, or a message for an attempt that was already made. */
  | { kind: 'STALE' }
  /** Another worker holds it; look again after `until`. */
  | { kind: 'LEASED'; until: Date };

export interface AttemptRecord {
  deliveryId: string;
  eventId: string;
  sellerId: string;
  endpointId: string | null;
  /** The delivery's attempt count when it was claimed: the fence. */
  expectedAttempts: number;
  attempt: Omit<WebhookAttempt, 'id' | 'deliveryId' | 'eventId' | 'endpointId' | 'number'> | null;
  next: {
    status: DeliveryStatus;
    cycle: number;
    attemptInCycle: number;
    nextAttemptAt: Date | null;
    deliveredAt: Date | null;
    lastError: string | null;
    lastStatusCode: number | null;
  };
  now: Date;
}

/** The worker's side of the delivery table. */
export interface DeliveryWorkStore {
  claim(id: string, expectedAttempts: number | undefined, now: Date, leaseUntil: Date): Promise<ClaimResult>;
  /** Claims up to `limit` due deliveries (embedded queue). */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]>;
  /** Records the attempt (always) and moves the delivery on (only if still at expectedAttempts). */
  record(record: AttemptRecord): Promise<boolean>;
}

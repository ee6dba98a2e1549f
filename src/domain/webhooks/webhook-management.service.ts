import type { SecretBox, TokenService } from '../accounts/accounts.ports';
import type { WebhookEventName } from '../events/event-catalogue';
import type { WebhookTestPayload } from '../events/event-payloads';
import type { Clock } from '../shared/clock';
import { DomainError, notFound } from '../shared/errors';
import { deliveryExpiresAt } from './delivery-policy';
import { deliveryBody } from './webhook-body';
import type { WebhookSettings } from './webhook-input';
import type { WebhookDelivery, WebhookEndpoint } from './webhook.types';
import type { DeliveryQueue, DeliveryLog, DeliveryWrites, StoredEndpoint, WebhookEndpointRepository, WebhookTargetGuard } from './webhooks.ports';

/** Registrations per seller. */
export const MAX_WEBHOOKS_PER_SELLER = 20;
/** The test event's type; receivers should accept unknown types (SPEC "Event types"). */
export const TEST_EVENT_TYPE: WebhookEventName = 'WEBHOOK_TEST';

export interface RevealedSecret {
  /** `whsec_` + 43 base64url characters; the HMAC key is this whole string (UTF-8). */
  secret: string;
}

interface Deps {
  endpoints: WebhookEndpointRepository;
  log: DeliveryLog;
  deliveries: DeliveryWrites;
  queue: DeliveryQueue;
  guard: WebhookTargetGuard;
  box: SecretBox;
  tokens: TokenService;
  clock: Clock;
}

const publicView = ({ secretEnc: _s, ...endpoint }: StoredEndpoint): WebhookEndpoint => endpoint;

/** Registration and management of webhooks, and the per-seller postback secret. */
export class WebhookManagementService {
  constructor(private readonly deps: Deps) {}

  private newSecret() {
    const secret = `whsec_${this.deps.tokens.randomToken()}`;
    return { secret, secretEnc: this.deps.box.seal(secret), last4: secret.slice(-4) };
  }

  /** The address rules (SSRF) of a URL whose syntax was checked. */
  private async allowedUrl(url: URL): Promise<string> {
    await this.deps.guard.assertAllowed(url);
    return url.toString();
  }

  /** A new registration with its secret; its settings were parsed (`parseWebhookRegistration`). */
  async register(sellerId: string, { category, description, url: target, maxPerSecond }: WebhookSettings): Promise<WebhookEndpoint & RevealedSecret> {
    const url = await this.allowedUrl(target);
    if ((await this.deps.endpoints.countActive(sellerId)) >= MAX_WEBHOOKS_PER_SELLER) {
      throw new DomainError('WEBHOOK_LIMIT_REACHED', `at most ${MAX_WEBHOOKS_PER_SELLER} webhooks per seller`, 'UNPROCESSABLE');
    }
    const now = this.deps.clock.now();
    const { secret, secretEnc, last4 } = this.newSecret();
    const endpoint: StoredEndpoint = {
      id: `wh_${this.deps.tokens.newId()}`,
      sellerId,
      category,
      url,
      description,
      secretLast4: last4,
      secretEnc,
      createdAt: now,
      updatedAt: now,
      secretRotatedAt: null,
      state: 'ACTIVE',
      stateChangedAt: null,
      stateReason: null,
      maxPerSecond,
    };
    await this.deps.endpoints.insert(endpoint);
    return { ...publicView(endpoint), secret };
  }

  list(sellerId: string): Promise<WebhookEndpoint[]> {
    return this.deps.endpoints.list(sellerId);
  }

  private async stored(sellerId: string, id: string): Promise<StoredEndpoint> {
    const found = typeof id === 'string' ? await this.deps.endpoints.find(sellerId, id) : null;
    if (!found) throw notFound('WEBHOOK_NOT_FOUND', 'no webhook with this id');
    return found;
  }

  async get(sellerId: string, id: string): Promise<WebhookEndpoint> {
    return publicView(await this.stored(sellerId, id));
  }

  /** Changes the category, URL, description or rate (parsed by `parseWebhookUpdate`); the secret and the state stay. */
  async update(sellerId: string, id: string, patch: Partial<WebhookSettings>): Promise<WebhookEndpoint> {
    const current = await this.stored(sellerId, id);
    const next: StoredEndpoint = {
      ...current,
      category: patch.category ?? current.category,
      url: patch.url === undefined ? current.url : await this.allowedUrl(patch.url),
      description: patch.description === undefined ? current.description : patch.description,
      maxPerSecond: patch.maxPerSecond === undefined ? current.maxPerSecond : patch.maxPerSecond,
      updatedAt: this.deps.clock.now(),
    };
    await this.deps.endpoints.update(next);
    return publicView(next);
  }

  /** Deletes it; its deliveries still pending are canceled (their log stays). */
  async delete(sellerId: string, id: string): Promise<void> {
    if (!(await this.deps.endpoints.delete(sellerId, id, this.deps.clock.now()))) {
      throw notFound('WEBHOOK_NOT_FOUND', 'no webhook with this id');
    }
  }

  /** A new secret, effective for every attempt from now on (also retries of older events). */
  async rotateSecret(sellerId: string, id: string): Promise<WebhookEndpoint & RevealedSecret> {
    const current = await this.stored(sellerId, id);
    const now = this.deps.clock.now();
    const { secret, secretEnc, last4 } = this.newSecret();
    const next: StoredEndpoint = { ...current, secretEnc, secretLast4: last4, secretRotatedAt: now, updatedAt: now };
    await this.deps.endpoints.update(next);
    return { ...publicView(next), secret };
  }

  /** Queues a signed `WEBHOOK_TEST` event to this registration, retried like any other. */
  async sendTestEvent(sellerId: string, id: string): Promise<WebhookDelivery> {
    const endpoint = await this.stored(sellerId, id);
    const now = this.deps.clock.now();
    const eventId = `evt_test_${this.deps.tokens.newId()}`;
    const deliveryId = `dlv_${this.deps.tokens.newId()}`;
    const testPayload: WebhookTestPayload = { id: eventId, webhookId: endpoint.id, createdAt: now.toISOString() };
    await this.deps.deliveries.insert({
      id: deliveryId,
      dedupeKey: `${eventId}:${endpoint.id}`,
      eventId,
      eventType: TEST_EVENT_TYPE,
      sellerId,
      aggregateType: 'TEST',
      aggregateId: endpoint.id,
      target: 'ENDPOINT',
      endpointId: endpoint.id,
      url: endpoint.url,
      payload: deliveryBody(testPayload, TEST_EVENT_TYPE),
      trigger: 'TEST',
      status: 'PENDING',
      lastError: null,
      nextAttemptAt: now,
      expiresAt: deliveryExpiresAt(now),
      replayOf: null,
      createdAt: now,
    });
    await this.deps.queue.enqueue([{ id: deliveryId, attempts: 0 }]);
    const delivery = await this.deps.log.getDelivery(sellerId, deliveryId);
    return delivery!;
  }

  /**
   * The secret that signs deliveries to transactions' own `postbackUrl`: one per
   * seller, created on first use, readable at any time by the seller.
   */
  async postbackSecret(sellerId: string): Promise<{ secret: string; createdAt: Date; rotatedAt: Date | null }> {
    const { secretEnc, last4 } = this.newSecret();
    const stored = await this.deps.endpoints.ensurePostbackSecret(sellerId, secretEnc, last4, this.deps.clock.now());
    return { secret: this.deps.box.open(stored.secretEnc), createdAt: stored.createdAt, rotatedAt: stored.rotatedAt };
  }

  async rotatePostbackSecret(sellerId: string): Promise<{ secret: string; createdAt: Date; rotatedAt: Date | null }> {
    const { secret, secretEnc, last4 } = this.newSecret();
    const stored = await this.deps.endpoints.rotatePostbackSecret(sellerId, secretEnc, last4, this.deps.clock.now());
    return { secret, createdAt: stored.createdAt, rotatedAt: stored.rotatedAt };
  }
}

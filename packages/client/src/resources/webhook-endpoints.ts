import type { CallOptions, Transport } from '../http/transport.js';
import { offsetPaged } from '../pagination.js';
import type { JsonBodyOf, QueryOf } from '../types.js';

/**
 * Webhook registrations, their deliveries and attempts, resends and replays
 * (`/v1/webhooks`). Verifying a delivery you received is `webhooks.verify` from
 * `@pixpay/client/webhooks`.
 */
export class WebhookEndpoints {
  constructor(private readonly t: Transport) {}

  /** Registers an HTTPS endpoint (201); the answer's `secret` is shown only here. */
  async register(body: JsonBodyOf<'registerWebhook'>, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/webhooks', { ...init, body }), options);
    return answer.data;
  }

  async list(options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/v1/webhooks', init), options);
    return answer.data;
  }

  async get(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/v1/webhooks/{id}', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  async update(id: string, body: JsonBodyOf<'updateWebhook'>, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.PATCH('/v1/webhooks/{id}', { ...init, params: { path: { id } }, body }), options);
    return answer.data;
  }

  async delete(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.DELETE('/v1/webhooks/{id}', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  /** Enables a FAILING or DISABLED registration; `{recoverSince?}` replays what it missed since then. */
  async enable(id: string, body: JsonBodyOf<'enableWebhook'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/webhooks/{id}/enable', { ...init, params: { path: { id } }, body }), options);
    return answer.data;
  }

  /** The registration's changes of state (ACTIVE, FAILING, DISABLED), each with its reason. */
  async stateChanges(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/v1/webhooks/{id}/state-changes', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  /** A new secret, used from the next attempt on. */
  async rotateSecret(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/webhooks/{id}/rotate-secret', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  /** Sends a signed `WEBHOOK_TEST` event (202): the delivery. */
  async sendTest(id: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/webhooks/{id}/test', { ...init, params: { path: { id } } }), options);
    return answer.data;
  }

  /** One page of all the seller's deliveries: `{items, total, take, skip}`. */
  async deliveries(query: QueryOf<'listWebhookDeliveries'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/v1/webhooks/deliveries', { ...init, params: { query } }), options);
    return answer.data;
  }

  /** Every delivery matching the filter, newest first. */
  deliveriesAll(query: Omit<QueryOf<'listWebhookDeliveries'>, 'take' | 'skip'> = {}, options: CallOptions & { pageSize?: number } = {}) {
    return offsetPaged(async (skip, take) => this.deliveries({ ...query, skip, take }, options), options.pageSize);
  }

  /** One delivery with its `attemptLog`. */
  async delivery(deliveryId: string, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/v1/webhooks/deliveries/{deliveryId}', { ...init, params: { path: { deliveryId } } }), options);
    return answer.data;
  }

  /** One page of a registration's deliveries. */
  async deliveriesOf(id: string, query: QueryOf<'listWebhookDeliveriesOf'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/v1/webhooks/{id}/deliveries', { ...init, params: { path: { id }, query } }), options);
    return answer.data;
  }

  /** One page of a registration's attempts. */
  async attemptsOf(id: string, query: QueryOf<'listWebhookAttempts'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/v1/webhooks/{id}/attempts', { ...init, params: { path: { id }, query } }), options);
    return answer.data;
  }

  /** The attempts for one event (its `X-Webhook-Id`). */
  async eventAttempts(eventId: string, query: QueryOf<'listEventAttempts'> = {}, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/v1/webhooks/events/{eventId}/attempts', { ...init, params: { path: { eventId }, query } }), options);
    return answer.data;
  }

  async resendWithdrawalEvents(body: JsonBodyOf<'resendWithdrawalEvents'>, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/webhooks/resend-withdrawal-event', { ...init, body }), options);
    return answer.data;
  }

  async resendTransactionEvents(body: JsonBodyOf<'resendTransactionEvents'>, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/webhooks/resend-transaction-event', { ...init, body }), options);
    return answer.data;
  }

  /** A new delivery for every delivery of the range that expired undelivered. */
  async replayFailed(body: JsonBodyOf<'replayFailedDeliveries'>, options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/webhooks/replay-failed', { ...init, body }), options);
    return answer.data;
  }

  /** The secret that signs deliveries to charges' `postbackUrl`. */
  async postbackSecret(options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.GET('/v1/webhooks/postback-secret', init), options);
    return answer.data;
  }

  async rotatePostbackSecret(options: CallOptions = {}) {
    const answer = await this.t.send((init) => this.t.api.POST('/v1/webhooks/postback-secret/rotate', init), options);
    return answer.data;
  }
}

import type { Outbox } from '../events/outbox';
import type { WebhookEndpointStatePayload } from '../events/event-payloads';
import type { Scheduler } from '../jobs/scheduler';
import type { Clock } from '../shared/clock';
import { notFound } from '../shared/errors';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import { nextEndpointState, type EndpointState, type HealthWindows, type StateChange } from './endpoint-health';
import type { EndpointHealthStore, EndpointNoticeMailer, RecordedStateChange, WatchedEndpoint } from './endpoint-health.ports';
import { ENDPOINT_HEALTH_JOBS } from './endpoint-health-jobs';
import type { WebhookEndpointRepository } from './webhooks.ports';

const NOTICE = ENDPOINT_HEALTH_JOBS.notice;

/**
 * Endpoint health, the use case: the worker's periodic check moves registrations
 * between ACTIVE, FAILING and DISABLED (nextEndpointState decides); each move commits
 * with its history row, its platform event for the seller's other registrations
 * (outbox) and its e-mail job, in one transaction. Disabling also holds the
 * registration's pending deliveries. The seller enables it again, optionally
 * recovering what it missed since a chosen time through the replay path.
 */
export class EndpointHealthService {
  constructor(
    private readonly d: {
      uow: UnitOfWork;
      store: EndpointHealthStore;
      endpoints: Pick<WebhookEndpointRepository, 'find'>;
      outbox: Outbox;
      scheduler: Scheduler;
      mailer: EndpointNoticeMailer;
      clock: Clock;
      windows: HealthWindows;
      /** The replay path (WebhookReplayService.replayFailed). */
      replay: (sellerId: string, range: { from: Date; webhookId: string }) => Promise<{ replayed: number }>;
    },
  ) {}

  /** One pass over the watched registrations; returns how many changed state. */
  async check(): Promise<number> {
    let changed = 0;
    for (const e of await this.d.store.watched()) {
      const now = this.d.clock.now();
      const change = nextEndpointState(e, now, this.d.windows);
      if (change && (await this.apply(e, change, now))) changed++;
    }
    return changed;
  }

  private apply(e: WatchedEndpoint, change: StateChange, at: Date): Promise<boolean> {
    return this.d.uow.run(async (tx) => {
      const id = await this.d.store.changeState(tx, { endpointId: e.id, sellerId: e.sellerId, from: e.state, to: change.to, reason: change.reason, detail: change.detail, at });
      if (id === null) return false;
      if (change.to === 'DISABLED') await this.d.store.holdPending(tx, e.id, at);
      if (change.to === 'FAILING' || change.to === 'DISABLED') await this.tell(tx, id, e, change.to, change, at);
      return true;
    });
  }

  /** The platform event (to the seller's other registrations) and the e-mail, committed with the change. */
  private async tell(tx: Tx, changeId: string, e: WatchedEndpoint, to: 'FAILING' | 'DISABLED', change: StateChange, at: Date): Promise<void> {
    const payload: WebhookEndpointStatePayload = {
      id: e.id,
      webhookId: e.id,
      url: e.url,
      state: to,
      previousState: e.state,
      reason: change.reason,
      detail: change.detail,
      changedAt: at.toISOString(),
    };
    await this.d.outbox.append(tx, {
      eventType: to === 'FAILING' ? 'WEBHOOK_ENDPOINT_FAILING' : 'WEBHOOK_ENDPOINT_DISABLED',
      sellerId: e.sellerId,
      aggregateType: 'WEBHOOK',
      aggregateId: e.id,
      payload,
      occurredAt: at,
    });
    await this.d.scheduler.schedule(tx, NOTICE.at(`${NOTICE.kind}:${changeId}`, at, { changeId }));
  }

  /** The e-mail job: every user of the seller is told (at least once: a crash may repeat it). */
  async sendNotice(changeId: string): Promise<void> {
    const change = await this.d.store.change(changeId);
    if (!change) return;
    const to = await this.d.store.recipients(change.sellerId);
    if (to.length === 0) return;
    await this.d.mailer.sendEndpointNotice({ to, changeId, webhookId: change.endpointId, url: change.url, state: change.to, detail: change.detail, changedAt: change.at });
  }

  /**
   * The seller enables a registration again: ACTIVE, failures count from now, and when
   * `recoverSince` is given, what it missed since then (held and expired deliveries) is
   * replayed to it.
   */
  async enable(sellerId: string, id: string, recoverSince?: Date): Promise<{ state: EndpointState; recovered: number }> {
    const current = await this.d.endpoints.find(sellerId, id);
    if (!current) throw notFound('WEBHOOK_NOT_FOUND', 'no webhook with this id');
    const at = this.d.clock.now();
    if (current.state !== 'ACTIVE') {
      await this.d.uow.run((tx) =>
        this.d.store.changeState(tx, { endpointId: id, sellerId, from: current.state, to: 'ACTIVE', reason: 'ENABLED_BY_SELLER', detail: 'enabled again by the seller', at }),
      );
    }
    const recovered = recoverSince ? (await this.d.replay(sellerId, { from: recoverSince, webhookId: id })).replayed : 0;
    return { state: 'ACTIVE', recovered };
  }

  async history(sellerId: string, id: string): Promise<RecordedStateChange[]> {
    if (!(await this.d.endpoints.find(sellerId, id))) throw notFound('WEBHOOK_NOT_FOUND', 'no webhook with this id');
    return this.d.store.history(sellerId, id);
  }
}

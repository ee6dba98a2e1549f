import type { TokenService } from '../accounts/accounts.ports';
import type { Principal, User } from '../accounts/accounts.types';
import { requireOperator } from '../accounts/account-errors';
import type { Scheduler } from '../jobs/scheduler';
import type { Clock } from '../shared/clock';
import { DomainError, notFound } from '../shared/errors';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import { businessDaysDeadline, type HolidayCalendar } from './business-days';
import type { DataRequestRepository, ExternalPersonalData, PersonalDataStore } from './data-subject.ports';
import { type DataRequest, type DataRequestEvent, type DataRequestFilter, newDataRequest, type SubjectScope } from './data-subject.types';
import { FINANCIAL_RETENTION_YEARS } from './erasure-plan';
import { PRIVACY_JOBS } from './privacy-jobs';

const FINISH_RETENTION = PRIVACY_JOBS.finishRetention;
/** SPEC, Limits: an erasure request is processed within 15 business days. */
export const ERASURE_BUSINESS_DAYS = 15;

export interface ErasureDeps {
  uow: UnitOfWork;
  requests: DataRequestRepository;
  store: PersonalDataStore;
  /** Personal data outside the database's columns, whose deletion the erasure queues. */
  external?: ExternalPersonalData[];
  scheduler: Scheduler;
  holidays: HolidayCalendar;
  tokens: Pick<TokenService, 'newId'>;
  clock: Clock;
  /** Told, after the commit, whose API keys were revoked, so no instance keeps serving them from a cache. */
  credentialsChanged?: (sellerId: string) => void;
}

const addYears = (d: Date, years: number) => {
  const out = new Date(d.getTime());
  out.setUTCFullYear(out.getUTCFullYear() + years);
  return out;
};

const notOpen = () => new DomainError('DATA_REQUEST_NOT_OPEN', 'only an open erasure request can be executed or rejected', 'CONFLICT');

/** The right to erasure: requested by the user, decided by an operator, finished by the retention job. */
export class ErasureService {
  constructor(private readonly d: ErasureDeps) {}

  /** A second request while one is open answers the open one (`existing: true`). `reason` is parsed (`parseReason`). */
  async request(p: Principal, reason: string | null): Promise<{ request: DataRequest; existing: boolean }> {
    return this.d.uow.run(async (tx) => {
      const open = await this.d.requests.findOpen(tx, p.user.id, 'ERASURE');
      if (open) return { request: open, existing: true };
      const now = this.d.clock.now();
      const request = newDataRequest({
        id: `dsr_${this.d.tokens.newId()}`,
        kind: 'ERASURE',
        userId: p.user.id,
        sellerId: p.seller?.id ?? null,
        status: 'OPEN',
        reason,
        requestedAt: now,
        dueAt: businessDaysDeadline(now, ERASURE_BUSINESS_DAYS, this.d.holidays),
      });
      await this.d.requests.insert(tx, request);
      this.d.requests.addEvent(tx, request.id, { at: now, actor: `user:${p.user.id}`, action: 'REQUESTED', detail: reason ? { reason } : null });
      return { request, existing: false };
    });
  }

  /**
   * Anonymises every personal field without a legal duty (the inventory's AT_ERASURE
   * fields), reduces the kept ones, revokes API keys and sessions, and schedules the
   * retention job for the rest. One transaction: all of it or nothing. Data outside the
   * database (evidence objects) is queued for a durable deletion job in that transaction.
   */
  async execute(operator: User, requestId: string): Promise<DataRequest> {
    requireOperator(operator);
    let sellerId: string | null = null;
    const executed = await this.d.uow.run(async (tx) => {
      const request = await this.openErasure(tx, requestId);
      const now = this.d.clock.now();
      const scope = await this.scopeOf(tx, request);
      sellerId = scope.sellerId;
      const queued: Record<string, number> = {};
      for (const e of this.d.external ?? []) Object.assign(queued, await e.queueErasure(tx, scope));
      const anonymised = { ...queued, ...(await this.d.store.anonymise(tx, 'ERASURE', scope)) };
      const revoked = await this.d.store.revokeCredentials(tx, scope, now);
      const retentionUntil = addYears(now, FINANCIAL_RETENTION_YEARS);
      const done: DataRequest = { ...request, status: 'EXECUTED', closedAt: now, closedBy: `operator:${operator.id}`, retentionUntil };
      await this.d.requests.update(tx, done);
      this.d.requests.addEvent(tx, request.id, { at: now, actor: `operator:${operator.id}`, action: 'EXECUTED', detail: { anonymised, revoked, users: scope.userIds, retentionUntil: retentionUntil.toISOString() } });
      await this.d.scheduler.schedule(tx, FINISH_RETENTION.at(`${FINISH_RETENTION.kind}:${request.id}`, retentionUntil, { requestId: request.id }));
      return done;
    });
    if (sellerId) this.d.credentialsChanged?.(sellerId);
    return executed;
  }

  /** `reason` is parsed and present (`requireReason`). */
  async reject(operator: User, requestId: string, reason: string): Promise<DataRequest> {
    requireOperator(operator);
    return this.d.uow.run(async (tx) => {
      const request = await this.openErasure(tx, requestId);
      const now = this.d.clock.now();
      const done: DataRequest = { ...request, status: 'REJECTED', closedAt: now, closedBy: `operator:${operator.id}`, rejectionReason: reason };
      await this.d.requests.update(tx, done);
      this.d.requests.addEvent(tx, request.id, { at: now, actor: `operator:${operator.id}`, action: 'REJECTED', detail: { reason } });
      return done;
    });
  }

  /** The retention job: once the legal period is over, the kept personal data goes too. */
  async finishRetention(requestId: string): Promise<void> {
    await this.d.uow.run(async (tx) => {
      const request = await this.d.requests.findForUpdate(tx, requestId);
      const now = this.d.clock.now();
      if (!request || request.status !== 'EXECUTED' || request.retentionDoneAt || !request.retentionUntil || request.retentionUntil > now) return;
      const anonymised = await this.d.store.anonymise(tx, 'RETENTION_END', await this.scopeOf(tx, request));
      await this.d.requests.update(tx, { ...request, retentionDoneAt: now });
      this.d.requests.addEvent(tx, request.id, { at: now, actor: 'system', action: 'RETENTION_ENDED', detail: { anonymised } });
    });
  }

  listMine(user: User): Promise<DataRequest[]> {
    return this.d.requests.listByUser(user.id);
  }

  list(operator: User, filter: DataRequestFilter): Promise<DataRequest[]> {
    requireOperator(operator);
    return this.d.requests.list(filter, this.d.clock.now());
  }

  /** A request's steps; its owner or an operator. */
  async history(viewer: User, request: Pick<DataRequest, 'id' | 'userId'>): Promise<DataRequestEvent[]> {
    if (viewer.role !== 'OPERATOR' && viewer.id !== request.userId) throw notFound('DATA_REQUEST_NOT_FOUND', 'data request not found');
    return this.d.requests.history(request.id);
  }

  private async openErasure(tx: Tx, requestId: string): Promise<DataRequest> {
    const request = await this.d.requests.findForUpdate(tx, requestId);
    if (!request || request.kind !== 'ERASURE') throw notFound('DATA_REQUEST_NOT_FOUND', 'data request not found');
    if (request.status !== 'OPEN') throw notOpen();
    return request;
  }

  /** The whole account: the requesting user and, when it has a seller, the seller and its people. */
  private async scopeOf(tx: Tx, request: DataRequest): Promise<SubjectScope> {
    const others = request.sellerId ? await this.d.requests.usersOfSeller(tx, request.sellerId) : [];
    return { userIds: [...new Set([request.userId, ...others])], sellerId: request.sellerId };
  }
}

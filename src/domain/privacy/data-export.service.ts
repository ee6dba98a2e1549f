import type { UserRepository, TokenService } from '../accounts/accounts.ports';
import type { Principal } from '../accounts/accounts.types';
import type { Scheduler } from '../jobs/scheduler';
import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import { inBatches } from '../shared/in-batches';
import type { UnitOfWork } from '../shared/unit-of-work';
import type { DataRequestRepository, ExportArchive, ExportMailer, PersonalDataStore } from './data-subject.ports';
import { type DataRequest, newDataRequest, type SubjectScope } from './data-subject.types';
import { exportRow, exportSections } from './export-plan';
import { PRIVACY_JOBS } from './privacy-jobs';

const BUILD_EXPORT = PRIVACY_JOBS.buildExport;
/** How long a started build is left to its runner before another may take it over. */
export const BUILD_LEASE_MS = 15 * 60_000;

export interface DataExportDeps {
  uow: UnitOfWork;
  requests: DataRequestRepository;
  store: PersonalDataStore;
  archive: ExportArchive;
  mailer: ExportMailer;
  scheduler: Scheduler;
  users: Pick<UserRepository, 'findById'>;
  tokens: TokenService;
  clock: Clock;
  /** Above this many rows the export is queued and mailed instead of answered. */
  directMaxRows: number;
  linkTtlMs: number;
  /** Where the single-use download link points. */
  /** Where the service is reached (read when the link is made: the address is known once listening). */
  downloadBaseUrl: () => string;
}

export type ExportAnswer =
  | { queued: false; data: { exportedAt: string; userId: string; sellerId: string | null; sections: Record<string, Record<string, unknown>[]> } }
  | { queued: true; request: DataRequest };

async function* mapped(rows: AsyncIterable<Record<string, unknown>>) {
  for await (const row of rows) yield exportRow(row);
}

/** The right of access: the user's data and its seller's, direct when small, else a mailed ZIP. */
export class DataExportService {
  constructor(private readonly d: DataExportDeps) {}

  async export(p: Principal): Promise<ExportAnswer> {
    const scope: SubjectScope = { userIds: [p.user.id], sellerId: p.seller?.id ?? null };
    const sections = exportSections();
    if ((await this.d.store.countRows(sections, scope)) > this.d.directMaxRows) return { queued: true, request: await this.queue(scope) };
    const out: Record<string, Record<string, unknown>[]> = {};
    for (const s of sections) {
      out[s.name] = [];
      for await (const row of mapped(this.d.store.readSection(s, scope))) out[s.name].push(row);
    }
    return { queued: false, data: { exportedAt: this.d.clock.now().toISOString(), userId: p.user.id, sellerId: scope.sellerId, sections: out } };
  }

  /** One queued export per user at a time: asking again answers the one in progress. */
  private queue(scope: SubjectScope): Promise<DataRequest> {
    const userId = scope.userIds[0];
    return this.d.uow.run(async (tx) => {
      const open = await this.d.requests.findOpen(tx, userId, 'EXPORT');
      if (open) return open;
      const now = this.d.clock.now();
      const request = newDataRequest({ id: `dsr_${this.d.tokens.newId()}`, kind: 'EXPORT', userId, sellerId: scope.sellerId, status: 'QUEUED', reason: null, requestedAt: now, dueAt: null });
      await this.d.requests.insert(tx, request);
      this.d.requests.addEvent(tx, request.id, { at: now, actor: `user:${userId}`, action: 'REQUESTED', detail: null });
      await this.d.scheduler.schedule(tx, BUILD_EXPORT.at(`${BUILD_EXPORT.kind}:${request.id}`, now, { requestId: request.id }));
      return request;
    });
  }

  /** The job: builds the ZIP, stores its link, mails it. Runs again from the start after a crash. */
  async build(requestId: string): Promise<void> {
    const request = await this.d.requests.findById(requestId);
    if (!request || request.kind !== 'EXPORT' || request.status !== 'QUEUED') return;
    const user = await this.d.users.findById(request.userId);
    if (!user) return;
    // A build outlives the job runner's lease on a large account: a second runner must
    // not build (and mail) it again meanwhile; it fails and its job retries later.
    const now = this.d.clock.now();
    if (!(await this.d.requests.claimBuild(request.id, now, new Date(now.getTime() - BUILD_LEASE_MS)))) {
      throw new Error(`export ${request.id} is being built by another runner`);
    }
    const scope: SubjectScope = { userIds: [request.userId], sellerId: request.sellerId };
    const sections = exportSections().map((s) => ({ name: s.name, rows: mapped(this.d.store.readSection(s, scope)) }));
    const { file, bytes } = await this.d.archive.write(`export-${request.id}`, sections);
    const token = this.d.tokens.randomToken();
    const expiresAt = new Date(this.d.clock.now().getTime() + this.d.linkTtlMs);
    await this.d.requests.setDownloadToken(request.id, file, this.d.tokens.digest(token), expiresAt);
    const downloadUrl = `${this.d.downloadBaseUrl().replace(/\/$/, '')}/data-subject/export/download/${token}`;
    await this.d.mailer.sendExport({ to: user.email, requestId: request.id, file, downloadUrl, expiresAt });
    await this.d.uow.run(async (tx) => {
      const now = this.d.clock.now();
      const current = await this.d.requests.findForUpdate(tx, request.id);
      if (!current || current.status !== 'QUEUED') return;
      await this.d.requests.update(tx, { ...current, status: 'COMPLETED', closedAt: now, closedBy: 'system' });
      this.d.requests.addEvent(tx, request.id, { at: now, actor: 'system', action: 'EXPORT_MAILED', detail: { bytes, sections: sections.map((s) => s.name), linkExpiresAt: expiresAt.toISOString() } });
    });
  }

  /** Deletes the files of exports whose link has expired (the e-mail keeps its copy); returns how many. */
  removeExpiredFiles(): Promise<number> {
    return inBatches(100, async (limit) => {
      const expired = await this.d.requests.expiredExportFiles(this.d.clock.now(), limit);
      for (const { id, file } of expired) {
        await this.d.archive.remove(file);
        await this.d.uow.run(async (tx) => {
          this.d.requests.forgetExportFile(tx, id);
          this.d.requests.addEvent(tx, id, { at: this.d.clock.now(), actor: 'system', action: 'EXPORT_FILE_DELETED', detail: null });
        });
      }
      return expired.length;
    });
  }

  /** The single-use link: valid once, until it expires. */
  async download(token: string): Promise<{ request: DataRequest; stream: NodeJS.ReadableStream; done(): Promise<void> }> {
    const request = token.length <= 200 ? await this.d.requests.claimDownload(this.d.tokens.digest(token), this.d.clock.now()) : null;
    if (!request?.exportFile) throw new DomainError('EXPORT_LINK_INVALID', 'this download link is unknown, used or expired', 'NOT_FOUND');
    const file = request.exportFile;
    await this.d.uow.run(async (tx) => {
      this.d.requests.addEvent(tx, request.id, { at: this.d.clock.now(), actor: `user:${request.userId}`, action: 'EXPORT_DOWNLOADED', detail: null });
    });
    return { request, stream: this.d.archive.open(file), done: () => this.d.archive.remove(file) };
  }
}

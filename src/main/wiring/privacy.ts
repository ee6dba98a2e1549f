import { join } from 'node:path';
import type { UserRepository } from '../../domain/accounts/accounts.ports';
import { DataExportService } from '../../domain/privacy/data-export.service';
import type { ExternalPersonalData } from '../../domain/privacy/data-subject.ports';
import { ErasureService } from '../../domain/privacy/erasure.service';
import { privacyJobs } from '../../domain/privacy/privacy-jobs';
import { BrazilHolidays } from '../../infra/privacy/brazil-holidays';
import { NodemailerExportMailer } from '../../infra/privacy/export-mailer';
import { PgDataRequestRepository } from '../../infra/privacy/pg-data-requests';
import { PgPersonalDataStore } from '../../infra/privacy/pg-personal-data-store';
import { PgRetainedEvents } from '../../infra/privacy/pg-retained-events';
import { RetainedEventMasking } from '../../domain/privacy/retained-event-masking';
import { ZipExportArchive } from '../../infra/privacy/zip-export-archive';
import type { Platform } from './platform';

/** Data-subject rights: export (direct or mailed ZIP) and erasure with its retention job. */
export function wirePrivacy(
  p: Platform,
  deps: { users: Pick<UserRepository, 'findById'>; credentialsChanged: (sellerId: string) => void; external: ExternalPersonalData[] },
) {
  const { config, uow, sql, clock, scheduler, tokens, jobs } = p;
  const requests = new PgDataRequestRepository(sql);
  const store = new PgPersonalDataStore(sql);
  const archive = new ZipExportArchive(join(config.DATA_DIR, 'exports'));
  const mailer = new NodemailerExportMailer({
    smtpUrl: config.SMTP_URL,
    mailDir: join(config.DATA_DIR, 'mail'),
    from: config.MAIL_FROM,
    pathOf: (file) => archive.pathOf(file),
  });
  const dataExport = new DataExportService({
    uow,
    requests,
    store,
    archive,
    mailer,
    scheduler,
    users: deps.users,
    tokens,
    clock,
    directMaxRows: config.DATA_EXPORT_DIRECT_MAX_ROWS,
    linkTtlMs: config.DATA_EXPORT_LINK_HOURS * 3_600_000,
    downloadBaseUrl: () => p.publicAddress.baseUrl,
  });
  const erasure = new ErasureService({ uow, requests, store, external: deps.external, scheduler, holidays: new BrazilHolidays(), tokens, clock, credentialsChanged: deps.credentialsChanged });
  jobs.registerAll(privacyJobs({ buildExport: (id) => dataExport.build(id), finishRetention: (id) => erasure.finishRetention(id) }));
  const retainedEventMasking = new RetainedEventMasking({ store: new PgRetainedEvents(sql), clock, retentionMs: config.RETENTION_OUTBOX_EVENTS });
  return { dataExport, erasure, retainedEventMasking };
}

import { isPaidOrBeyond } from '../../domain/transactions/transaction-status';
import type { SplitCharges } from '../../domain/splits/split-charges';
import { createId } from '@paralleldrive/cuid2';
import { BoletoChargesService } from '../../domain/boleto/boleto-charges.service';
import { CardPaymentsService } from '../../domain/cards/card-payments.service';
import type { LedgerService } from '../../domain/ledger/ledger.service';
import type { WebhookTargetGuard } from '../../domain/webhooks/webhooks.ports';
import type { ProtectiveReports } from '../../domain/transactions/transactions.ports';
import { RefundsService } from '../../domain/transactions/refunds.service';
import { transactionJobs } from '../../domain/transactions/transaction-jobs';
import { InstitutionChargeReportsService } from '../../domain/transactions/institution-charge-reports.service';
import { TransactionsService } from '../../domain/transactions/transactions.service';
import { applyPspPix, type ApplyPspPix } from '../../domain/transactions/apply-psp-pix';
import { RefundOutcomesService } from '../../domain/transactions/refund-outcomes.service';
import type { Logger } from '../../infra/log/logger';
import { QrImagesService } from '../../domain/transactions/qr-images.service';
import { qrImageUrl } from '../../domain/pix/qr-image';
import { SandboxInstitution } from '../../infra/institution/sandbox-institution';
import { sandboxPaymentJobs } from '../../infra/institution/sandbox-jobs';
import { UnconfiguredInstitution } from '../../infra/institution/unconfigured-institution';
import { PgTransactionRepository } from '../../infra/transactions/pg-transaction-repository';
import { LruQrImageCache } from '../../infra/transactions/lru-qr-image-cache';
import { qrRendererFor } from '../../infra/transactions/threaded-qr-renderer';
import { RandomPixIds } from '../../infra/transactions/random-pix-ids';
import { RandomBoletoIds } from '../../infra/boleto/random-boleto-ids';
import { HmacCardFingerprinter } from '../../infra/cards/hmac-card-fingerprinter';
import { addressAllowlist, ApiPixCallbacks } from '../../infra/apipix/apipix-callbacks';
import type { ApiPixExchange } from '../../infra/apipix/apipix-client';
import { confirmExpiryWithPsp } from '../../domain/transactions/expiry-confirmation';
import { ReconciliationReports } from '../../domain/reconciliation/reconciliation-reports';
import { SimulatorControl } from '../../infra/apipix/simulator-control';
import { AutopayingInstitution } from '../../infra/institution/autopaying-institution';
import { PspSimulatorPayer } from '../../domain/sandbox/psp-simulator-payer';
import { wireApiPixInstitution } from './apipix';
import { wireApiPixReconciliation } from './apipix-reconciliation';
import { institutionCallbackSecrets } from './institution-callback';
import type { Platform } from './platform';
import { BrazilHolidays } from '../../infra/privacy/brazil-holidays';

/** Location URLs are the public base URL without scheme (BR Code field 26.25). */
export function locationBase(publicBaseUrl: string): string {
  const u = new URL(publicBaseUrl);
  return `${u.host}${u.pathname.replace(/\/$/, '')}/pix/qr`;
}

/** Printable boletos live under the public base URL. */
export const boletoPrintBase = (publicBaseUrl: string): string => `${publicBaseUrl.replace(/\/$/, '')}/boleto`;

/** A location's QR image URL at the public address (read at each use: with PORT=0 it is known only once the server listens). */
const qrImageUrlAt = (p: Platform) => (locationId: string) => qrImageUrl(p.publicAddress.baseUrl, locationId);

/** Transactions as stored, with `pix.qrCode` pointing at the public address. */
export function transactionRepository(p: Platform): PgTransactionRepository {
  return new PgTransactionRepository(p.sql, qrImageUrlAt(p));
}

export function wireTransactions(p: Platform, deps: { ledger: LedgerService; postbackGuard: WebhookTargetGuard; protective?: ProtectiveReports; splits?: SplitCharges; apiPixObserve?: (exchange: ApiPixExchange) => void }) {
  const { uow, clock, scheduler, outbox, live, jobs, config, logger } = p;
  const repo = transactionRepository(p);
  const qrRenderer = qrRendererFor(config.QR_RENDER_THREADS);
  const qrImages = new QrImagesService({
    brCodeAt: (locationId) => repo.brCodeAtLocation(locationId),
    renderer: qrRenderer,
    cache: new LruQrImageCache(config.QR_IMAGE_CACHE_MB * 1024 * 1024),
  });
  const cardFingerprinter = new HmacCardFingerprinter(config.APP_SECRET);
  const holidays = new BrazilHolidays();
  const reports = new InstitutionChargeReportsService({ uow, repo, ledger: deps.ledger, outbox, live, clock, holidays, protective: deps.protective, splits: deps.splits, scheduler });
  const sandbox = new SandboxInstitution({
    uow,
    scheduler,
    logger,
    report: (r) => reports.apply(r),
    autopayAfterMs: config.SANDBOX_AUTOPAY_SECONDS * 1_000,
  });
  // INSTITUTION=apipix: a PSP speaking API Pix, in either mode. Otherwise the simulated
  // institution in the sandbox; production refuses charges without a real one.
  const apiPix = config.INSTITUTION === 'apipix' ? wireApiPixInstitution(config, { logger, report: (r) => reports.apply(r), observe: deps.apiPixObserve }) : null;
  const apiPixCallbacks = apiPix
    ? new ApiPixCallbacks({ client: apiPix.client, secrets: institutionCallbackSecrets(config), allowlist: addressAllowlist(config.APIPIX_CALLBACK_ALLOW) })
    : null;
  // What the PSP says it received, applied once whichever path (callback, reconciliation) reads it.
  const refundOutcomes = new RefundOutcomesService({ uow, repo, ledger: deps.ledger, outbox, live, scheduler, clock, splits: deps.splits });
  const applyPix = loggedReturnProblems(applyPspPix({ findByTxid: (txid) => repo.findByTxid(txid), reports, refunds: refundOutcomes, holidays }), logger);
  const reconciliation = apiPix ? wireApiPixReconciliation(p, { client: apiPix.client, reports, applyPix }) : null;
  // A sandbox on API Pix with the PSP simulator's control API (loadConfig allows it in sandbox
  // mode only): the sandbox's payer pays at the PSP, and the charge is applied as the PSP reports it.
  const pspSimulator =
    apiPix && apiPixCallbacks && config.APIPIX_SIMULATOR_CONTROL_URL
      ? new PspSimulatorPayer({
          control: new SimulatorControl({ baseUrl: config.APIPIX_SIMULATOR_CONTROL_URL, dispatcher: apiPix.dispatcher, timeoutMs: config.APIPIX_TIMEOUT_MS }),
          readPix: (e2eid) => apiPixCallbacks.read(e2eid),
          applyPix,
          findCharge: (id) => repo.findById(id),
          holidays,
          skipped: (transactionId, why) => logger.warn({ transactionId, why }, 'sandbox automatic payment not made by the PSP simulator'),
          paid: (transactionId, end2endId) => logger.info({ transactionId, end2endId }, 'sandbox payer paid the charge'),
        })
      : null;
  const institution = apiPix
    ? pspSimulator
      ? new AutopayingInstitution(apiPix.institution, (input) => sandbox.schedulePayment(input))
      : apiPix.institution
    : config.MODE === 'sandbox'
      ? sandbox
      : new UnconfiguredInstitution();
  const transactions = new TransactionsService({
    uow,
    repo,
    scheduler,
    qrImageUrl: qrImageUrlAt(p),
    ids: new RandomPixIds(),
    clock,
    holidays,
    // Read at each create: with PORT=0 the public address is known only once the server listens.
    get locationBase() {
      return locationBase(p.publicAddress.baseUrl);
    },
    merchantCity: config.MERCHANT_CITY,
    postbackGuard: deps.postbackGuard,
    institution,
    pixRegistrar: apiPix?.institution,
    boletos: new BoletoChargesService({
      uow,
      repo,
      scheduler,
      clock,
      ids: new RandomBoletoIds(),
      get printBaseUrl() {
        return boletoPrintBase(p.publicAddress.baseUrl);
      },
    }),
    cards: new CardPaymentsService({ uow, repo, ledger: deps.ledger, outbox, live, clock, holidays, fingerprinter: cardFingerprinter, transactionId: createId }),
  });
  const refunds = new RefundsService({ uow, repo, ledger: deps.ledger, outbox, live, scheduler, clock, newId: createId, splits: deps.splits });

  // With a PSP, a charge expires only once the PSP confirms its cob was not paid.
  const beforeExpiry = reconciliation ? confirmExpiryWithPsp({ repo, cobs: reconciliation.cobPayments, applyPix }) : undefined;
  jobs.registerAll(transactionJobs({ repo, institution, report: (r) => reports.apply(r), refundOutcomes, beforeExpiry }));
  jobs.registerAll(
    sandboxPaymentJobs({
      clock,
      pay: (id, at, reportId) => (pspSimulator ? pspSimulator.autopay(id) : sandbox.pay(id, at, reportId)),
      paid: async (id) => {
        const t = await repo.findById(id);
        return t !== null && isPaidOrBeyond(t.status);
      },
    }),
  );

  return {
    transactions,
    qrImages,
    qrRenderer,
    transactionReports: reports,
    refunds,
    refundOutcomes,
    sandboxInstitution: sandbox,
    pspSimulator,
    cardFingerprinter,
    apiPix,
    apiPixCallbacks,
    applyPspPix: applyPix,
    pspReconciliation: reconciliation?.reconciliation ?? null,
    reconciliationReports: new ReconciliationReports(reconciliation?.reconciliation ?? null),
  };
}

/** A devolução that could not be applied (e.g. a MED return with nothing left to take back) is the operator's to look at. */
const loggedReturnProblems = (apply: ApplyPspPix, logger: Pick<Logger, 'error'>): ApplyPspPix => async (pix) => {
  const outcome = await apply(pix);
  for (const r of outcome.returns) {
    if (r.problem) logger.error({ e2eid: pix.endToEndId, devolucao: r.id, kind: r.kind, problem: r.problem }, 'a devolução of a received Pix could not be applied');
  }
  return outcome;
};

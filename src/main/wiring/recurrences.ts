import { createId } from '@paralleldrive/cuid2';
import type { SellerRepository } from '../../domain/accounts/accounts.ports';
import { recurrenceView } from '../../domain/recurrences/recurrence-view';
import { RecurrenceQueries } from '../../domain/recurrences/recurrence-queries';
import { recurrenceJobs } from '../../domain/recurrences/recurrence-jobs';
import { RecurrenceCyclesService } from '../../domain/recurrences/recurrence-cycles.service';
import { RecurrencesService, type FirstPaymentCharges } from '../../domain/recurrences/recurrences.service';
import type { InstitutionChargeReportsService } from '../../domain/transactions/institution-charge-reports.service';
import type { TransactionsService } from '../../domain/transactions/transactions.service';
import { qrImageUrl } from '../../domain/pix/qr-image';
import { SANDBOX_ISPB } from '../../infra/institution/sandbox-institution';
import { SandboxRecurrenceInstitution, UnconfiguredRecurrenceInstitution } from '../../infra/institution/sandbox-recurrence-institution';
import { ApiPixRecurrenceInstitution } from '../../infra/apipix/apipix-recurrence-institution';
import type { ApiPixClient } from '../../infra/apipix/apipix-client';
import type { ApplyPspPix } from '../../domain/transactions/apply-psp-pix';
import type { RecurrenceInstitution } from '../../domain/recurrences/recurrence-institution';
import type { RecurrenceCallbackConfirmations } from '../../domain/recurrences/receive-recurrence-callback.command';
import type { PspCallbackConfirmations } from '../../domain/transactions/transactions.ports';
import { callbackCobrTxids, callbackRecIds } from '../../infra/apipix/rec-transformers';
import { ApiPixRecurrenceLists } from '../../infra/apipix/apipix-recurrence-lists';
import { RecurrenceReconciliation, recurrenceReconciliationJobAt, recurrenceReconciliationJobs } from '../../domain/recurrences/recurrence-reconciliation';
import { PgRecurrenceCycleRepository } from '../../infra/recurrences/pg-recurrence-cycle-repository';
import { PgRecurrenceRepository } from '../../infra/recurrences/pg-recurrence-repository';
import { randomBytesPooled } from '../../infra/shared/random-bytes';
import type { Platform } from './platform';
import type { CivilDay } from '../../domain/recurrences/civil-day';
import { locationBase } from './transactions';
import { cycleCharges } from './recurrence-cycle-charges';

/** How long a payer has to answer an authorisation request (push request or QR). */
const AUTHORISATION_VALIDITY_MS = 7 * 86_400_000;

/** PIX Automático recurrences: their use cases, their cycles (with their jobs) and reads. */
export function wireRecurrences(
  p: Platform,
  deps: {
    transactions: TransactionsService;
    sellers: Pick<SellerRepository, 'findById'>;
    chargeReports: Pick<InstitutionChargeReportsService, 'apply'>;
    /** The simulated payer pays a charge (the sandbox's pay path), set once the sandbox actions exist. */
    payCharge: (sellerId: string, transactionId: string) => Promise<unknown>;
    /** INSTITUTION=apipix: the PSP's client, and the one path that applies what it says it received. */
    apiPix: { client: Pick<ApiPixClient, 'call'> } | null;
    applyPix: ApplyPspPix | null;
    /** Who may send the PSP's callbacks (the same URL secret and allowlist as its payment callbacks). */
    callbacks: Pick<PspCallbackConfirmations, 'accepts'> | null;
  },
) {
  const repo = new PgRecurrenceRepository(p.sql);
  const institution = recurrenceInstitution(p, deps.apiPix);
  const atPsp = institution instanceof ApiPixRecurrenceInstitution;
  // J3's first payment is an ordinary immediate PIX charge of the seller, made and written as any other.
  const firstPayments: FirstPaymentCharges = {
    open: async (seller, o) => {
      const t = await deps.transactions.open(seller, {
        amount: o.amount,
        paymentMethod: 'PIX',
        expirationSeconds: 3_600,
        customer: null,
        metadata: null,
        description: o.description,
        merchantOrderId: null,
        postbackUrl: null,
      });
      return { id: t.id, txid: t.txid!, copyPaste: t.pix!.copyPaste, write: (tx) => deps.transactions.insert(tx, t) };
    },
  };
  const view = (r: Parameters<typeof recurrenceView>[0]) => recurrenceView(r, { qrImageUrl: (id) => qrImageUrl(p.publicAddress.baseUrl, id) });
  const cycles = new RecurrenceCyclesService({
    uow: p.uow,
    repo,
    cycles: new PgRecurrenceCycleRepository(p.sql),
    outbox: p.outbox,
    live: p.live,
    clock: p.clock,
    scheduler: p.scheduler,
    charges: cycleCharges({ ...deps, clock: p.clock, withoutCob: institution.holdsCycleCharges }),
    institution,
    view,
  });
  const recurrences = new RecurrencesService({
    uow: p.uow,
    repo,
    outbox: p.outbox,
    live: p.live,
    clock: p.clock,
    newId: createId,
    qrImageUrl: (locationId) => qrImageUrl(p.publicAddress.baseUrl, locationId),
    institution,
    firstPayments,
    authorisationValidityMs: AUTHORISATION_VALIDITY_MS,
    cycles,
  });
  p.jobs.registerAll(
    recurrenceJobs({
      runCycles: (id) => cycles.runDue(id),
      // Refused by the payer's side: above EXPIRED, so the charge's own expiry later leaves it as it is.
      // Expired when no attempt was settled in time: one that expired by itself already stays as it is.
      closeCharge: async (transactionId, reason, status) => {
        await deps.chargeReports.apply({ reportId: `recurrence-cycle-closed:${transactionId}`, transactionId, status, refusedReason: status === 'REFUSED' ? reason : undefined });
      },
      attemptDayEnded: (id, number, attempt) => cycles.attemptDayEnded(id, number, attempt),
      sendCycleCharge: (id, number) => cycles.sendCycleCharge(id, number),
      askRetry: (txid, on) => institution.askRetry(txid, on as CivilDay),
    }),
  );
  // The PSP's webhookrec and webhookcobr callbacks: each named recurrence or recurring charge is read back before it counts.
  const recurrenceCallbacks: RecurrenceCallbackConfirmations | null =
    atPsp && deps.callbacks
      ? {
          accepts: (token, address) => deps.callbacks!.accepts(token, address),
          namedRecurrences: (body) => callbackRecIds(body),
          namedCycleCharges: (body) => callbackCobrTxids(body),
          readRecurrence: (recId) => institution.read(recId),
          readCycleCharge: (txid) => institution.readCycleCharge(txid),
        }
      : null;
  if (atPsp && deps.apiPix) {
    // Reconciliation: what the callbacks missed, read from the PSP's lists at the payment reconciliation's pace.
    const reconciliation = new RecurrenceReconciliation({
      lists: new ApiPixRecurrenceLists({ client: deps.apiPix.client, logger: p.logger }),
      clock: p.clock,
      applyRecurrence: (observed) => recurrences.applyInstitution(observed),
      applyCycleCharge: (observed) => cycles.applyInstitution(observed),
    });
    p.jobs.registerAll(recurrenceReconciliationJobs({ reconciliation, clock: p.clock, everyMs: p.config.APIPIX_RECONCILE_EVERY_SECONDS * 1_000 }));
    p.workerHooks.push(() => {
      p.uow
        .run((tx) => p.scheduler.schedule(tx, recurrenceReconciliationJobAt(p.clock.now())))
        .catch((err) => p.logger.error({ err }, 'the recurrence reconciliation job could not be scheduled; retried at the next start'));
      return { stop: async () => undefined };
    });
  }
  const receiverOf = async (sellerId: string) => {
    const seller = await deps.sellers.findById(sellerId);
    if (!seller) throw new Error(`seller ${sellerId} not found`);
    return { name: seller.name, documentType: seller.documentType, document: seller.documentNumber, ispb: SANDBOX_ISPB };
  };
  return { recurrenceInstitution: institution, recurrenceCallbacks, recurrences, recurrenceCycles: cycles, recurrenceQueries: new RecurrenceQueries({ repo, recurrences, cycles, receiverOf }) };
}

/**
 * Where recurrences are registered: a PSP speaking API Pix (INSTITUTION=apipix with the
 * platform's account there, APIPIX_ACCOUNT_NUMBER, either mode); otherwise the sandbox's
 * simulated institution in the sandbox (its payer's routes and clock), and in production
 * none (a PSP without the account refuses them, saying which setting is missing).
 */
function recurrenceInstitution(p: Platform, apiPix: { client: Pick<ApiPixClient, 'call'> } | null): RecurrenceInstitution {
  const { config } = p;
  const account = config.APIPIX_ACCOUNT_NUMBER ? { number: config.APIPIX_ACCOUNT_NUMBER, branch: config.APIPIX_ACCOUNT_BRANCH ?? null, type: config.APIPIX_ACCOUNT_TYPE } : null;
  const atPsp = () => new ApiPixRecurrenceInstitution({ client: apiPix!.client, account, newLocationId: () => `rec${createId()}`, logger: p.logger });
  if (apiPix && account) return atPsp();
  if (config.MODE !== 'sandbox') return apiPix ? atPsp() : new UnconfiguredRecurrenceInstitution();
  return new SandboxRecurrenceInstitution({
    agent: SANDBOX_ISPB,
    newId: createId,
    randomBytes: randomBytesPooled,
    get locationBase() {
      return locationBase(p.publicAddress.baseUrl);
    },
    merchantCity: config.MERCHANT_CITY,
  });
}

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
import { PgRecurrenceCycleRepository } from '../../infra/recurrences/pg-recurrence-cycle-repository';
import { PgRecurrenceRepository } from '../../infra/recurrences/pg-recurrence-repository';
import { randomBytesPooled } from '../../infra/shared/random-bytes';
import type { Platform } from './platform';
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
  },
) {
  const repo = new PgRecurrenceRepository(p.sql);
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
      return { id: t.id, copyPaste: t.pix!.copyPaste, write: (tx) => deps.transactions.insert(tx, t) };
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
    charges: cycleCharges({ ...deps, clock: p.clock }),
    view,
  });
  const recurrences = new RecurrencesService({
    uow: p.uow,
    repo,
    outbox: p.outbox,
    live: p.live,
    clock: p.clock,
    newId: createId,
    randomBytes: randomBytesPooled,
    agent: SANDBOX_ISPB,
    get locationBase() {
      return locationBase(p.publicAddress.baseUrl);
    },
    qrImageUrl: (locationId) => qrImageUrl(p.publicAddress.baseUrl, locationId),
    merchantCity: p.config.MERCHANT_CITY,
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
    }),
  );
  const receiverOf = async (sellerId: string) => {
    const seller = await deps.sellers.findById(sellerId);
    if (!seller) throw new Error(`seller ${sellerId} not found`);
    return { name: seller.name, documentType: seller.documentType, document: seller.documentNumber, ispb: SANDBOX_ISPB };
  };
  return { recurrences, recurrenceCycles: cycles, recurrenceQueries: new RecurrenceQueries({ repo, recurrences, cycles, receiverOf }) };
}

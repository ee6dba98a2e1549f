import { createId } from '@paralleldrive/cuid2';
import { RecurrenceQueries } from '../../domain/recurrences/recurrence-queries';
import { RecurrencesService, type FirstPaymentCharges } from '../../domain/recurrences/recurrences.service';
import type { TransactionsService } from '../../domain/transactions/transactions.service';
import { qrImageUrl } from '../../domain/pix/qr-image';
import { SANDBOX_ISPB } from '../../infra/institution/sandbox-institution';
import { PgRecurrenceRepository } from '../../infra/recurrences/pg-recurrence-repository';
import { randomBytesPooled } from '../../infra/shared/random-bytes';
import type { Platform } from './platform';
import { locationBase } from './transactions';

/** How long a payer has to answer an authorisation request (push request or QR). */
const AUTHORISATION_VALIDITY_MS = 7 * 86_400_000;

/** PIX Automático recurrences: their use cases and reads. */
export function wireRecurrences(p: Platform, deps: { transactions: TransactionsService }) {
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
  });
  return { recurrences, recurrenceQueries: new RecurrenceQueries({ repo, recurrences }) };
}

import type { Seller } from '../accounts/accounts.types';
import type { BoletoChargesService } from '../boleto/boleto-charges.service';
import type { CardPaymentsService } from '../cards/card-payments.service';
import type { Scheduler } from '../jobs/scheduler';
import type { WebhookTargetGuard } from '../webhooks/webhooks.ports';
import { buildDynamicBrCode } from '../pix/br-code';
import { cobvLocationPayload, type CobvLocationQuery } from '../pix/cobv-location-payload';
import { locationPayload } from '../pix/location-payload';
import { locationNotFound } from './qr-images.service';
import type { Clock } from '../shared/clock';
import { openDueDateCharge } from '../due-date/due-date-charge';
import type { HolidayCalendar } from '../privacy/business-days';
import { DomainError } from '../shared/errors';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import type { CreateTransactionInput } from './create-transaction.input';
import { newTransaction } from './new-transaction';
import { transactionNotFound } from './transaction-errors';
import { expireJobKey, TRANSACTION_JOBS } from './transaction-jobs';
import type { PaymentInstitution, PixChargeRegistrar, PixIds, TransactionRepository } from './transactions.ports';
import type { PixCharge, Transaction, TransactionListFilter, TransactionRefund } from './transaction.types';

export interface TransactionsDeps {
  uow: UnitOfWork;
  repo: TransactionRepository;
  scheduler: Scheduler;
  /** The absolute URL of a location's QR image (rendered on request, never in the create). */
  qrImageUrl(locationId: string): string;
  ids: PixIds & { transactionId(): string };
  clock: Clock;
  /** National holidays: a due date on one is paid on the next business day. */
  holidays: HolidayCalendar;
  /** Host and path prefix of location URLs, without scheme, e.g. `pix.example.com/pix/qr`. */
  locationBase: string;
  merchantCity: string;
  institution: Pick<PaymentInstitution, 'assertReady'>;
  /** Present when the PSP must hold a PIX charge before it is stored (API Pix). */
  pixRegistrar?: PixChargeRegistrar;
  /** Refuses postback URLs that point at private or loopback addresses (SSRF). */
  postbackGuard: WebhookTargetGuard;
  /** The sandbox's other methods, each in its own module. */
  boletos: Pick<BoletoChargesService, 'build' | 'insert'>;
  cards: Pick<CardPaymentsService, 'decide' | 'insert'>;
}


/** Creating, reading and listing PIX charges. */
export class TransactionsService {
  constructor(private readonly d: TransactionsDeps) {}

  /** Whether a PIX create calls the PSP before its commit (so its idempotency key must be claimed first). */
  get registersWithInstitutionFirst(): boolean {
    return this.d.pixRegistrar !== undefined;
  }

  /**
   * Checks the seller and the request and builds the charge in memory (a card's acquirer
   * answers here, a PSP registers the cob here); nothing is written. `insert` writes it.
   * `request.idempotencyKey`: with a PSP that registers before the commit, the txid is derived
   * from the seller, the key and the input, so a retry of a create that failed after the PSP
   * took its cob asks for that same cob instead of a second one.
   * `request.withoutCob`: the PSP holds no cob for it (a recurrence's cycle, whose recurring
   * charge is sent to the PSP after its commit): its BR Code is built here as in the sandbox.
   */
  async open(seller: Seller, input: CreateTransactionInput, request: { idempotencyKey?: string; withoutCob?: boolean } = {}): Promise<Transaction> {
    this.d.institution.assertReady();
    if (seller.kycStatus !== 'APPROVED') {
      throw new DomainError('SELLER_NOT_APPROVED', `the seller's KYC status is ${seller.kycStatus}; charges need APPROVED`, 'FORBIDDEN');
    }
    if (input.postbackUrl) await this.d.postbackGuard.assertAllowed(new URL(input.postbackUrl));
    if (input.paymentMethod === 'BOLETO') return this.d.boletos.build(seller, input);
    if (input.paymentMethod === 'CARD') return this.d.cards.decide(seller, input);
    const now = this.d.clock.now();
    const due = input.dueDateTerms ? openDueDateCharge(input.dueDateTerms, input.amount, now, this.d.holidays) : null;
    const locationId = this.d.ids.locationId();
    const registrar = request.withoutCob ? undefined : this.d.pixRegistrar;
    const seed = registrar && request.idempotencyKey !== undefined ? JSON.stringify([seller.id, request.idempotencyKey, input]) : undefined;
    const txid = this.d.ids.txid(seed);
    // No database transaction or connection is held while the PSP answers: the row is written after.
    const copyPaste = registrar
      ? (await registrar.registerPixCharge({ txid, amount: input.amount, expirationSeconds: input.expirationSeconds, description: input.description, customer: input.customer, dueDateTerms: input.dueDateTerms })).copyPaste
      : buildDynamicBrCode({
          locationUrl: `${this.d.locationBase}/${locationId}`,
          // A charge with a due date asks a different amount each day: its payload says which.
          amountCents: due ? undefined : input.amount,
          merchantName: seller.name,
          merchantCity: this.d.merchantCity,
        });
    const expiresAt = due?.expiresAt ?? new Date(now.getTime() + input.expirationSeconds * 1_000);
    const pix: PixCharge = { copyPaste, qrCode: this.d.qrImageUrl(locationId), expiresAt };
    const id = this.d.ids.transactionId();
    return newTransaction(seller, input, { id, paymentMethod: 'PIX', status: 'PENDING', providerReference: txid, createdAt: now, txid, locationId, pix, dueDateCharge: due?.charge ?? null });
  }

  /**
   * Writes in tx a charge built by `open`, with what its method needs (jobs, or money and events).
   * `autopay: false`: the sandbox's payer leaves it to the payer's side's answer (a recurrence's cycle).
   */
  async insert(tx: Tx, t: Transaction, o: { autopay?: boolean } = {}): Promise<void> {
    if (t.paymentMethod === 'BOLETO') return this.d.boletos.insert(tx, t);
    if (t.paymentMethod === 'CARD') return this.d.cards.insert(tx, t);
    await this.d.repo.insert(tx, t);
    await this.d.scheduler.schedule(tx, [
      TRANSACTION_JOBS.registerCharge.at(`register:${t.id}`, t.createdAt, { transactionId: t.id, autopay: o.autopay !== false }),
      TRANSACTION_JOBS.expire.at(expireJobKey(t.id), t.pix!.expiresAt, { transactionId: t.id }),
    ]);
  }

  /** The seller's transaction; another seller's id is indistinguishable from an unknown one. */
  async get(sellerId: string, id: string): Promise<Transaction> {
    const t = await this.d.repo.findById(id);
    if (!t || t.sellerId !== sellerId) throw transactionNotFound();
    return t;
  }

  /** The refunds of a seller's transaction, oldest first, each where it stands at the institution. */
  async refunds(sellerId: string, transactionId: string): Promise<TransactionRefund[]> {
    await this.get(sellerId, transactionId);
    return this.d.repo.listRefunds(transactionId);
  }

  /**
   * The refunds of several of a seller's transactions in one read, by transaction id, oldest
   * first; an id that is not the seller's (or has no refund) gets none. For a page of
   * transactions already read for this seller (GraphQL's `refunds` field on a list).
   */
  async refundsOf(sellerId: string, transactionIds: readonly string[]): Promise<Map<string, TransactionRefund[]>> {
    const byTransaction = new Map<string, TransactionRefund[]>(transactionIds.map((id) => [id, []]));
    for (const r of await this.d.repo.listRefundsOf(sellerId, transactionIds)) byTransaction.get(r.transactionId)?.push(r);
    return byTransaction;
  }

  /** The boleto behind a printable page's token (public, like a PIX location). */
  findBoleto(token: string): Promise<Transaction | null> {
    return this.d.repo.findByBoletoToken(token);
  }

  /** The PIX charge with this txid (ours, as the PSP names it). */
  findByTxid(txid: string): Promise<Transaction | null> {
    return this.d.repo.findByTxid(txid);
  }

  findByLocation(locationId: string): Promise<Transaction | null> {
    return this.d.repo.findByLocation(locationId);
  }

  /**
   * What the payer's bank reads at a location, unsigned: the cob payload, or for a charge with
   * a due date the cobv payload priced on the intended payment date (`query`: codMun, DPP).
   */
  async locationPayload(locationId: string, query: CobvLocationQuery): Promise<Record<string, unknown>> {
    const t = await this.d.repo.findByLocation(locationId);
    if (!t) throw locationNotFound();
    const now = this.d.clock.now();
    return t.dueDateCharge ? cobvLocationPayload(t, now, query, this.d.holidays) : locationPayload(t, now);
  }

  list(filter: TransactionListFilter) {
    return this.d.repo.list(filter);
  }
}

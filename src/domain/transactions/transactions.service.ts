import type { Seller } from '../accounts/accounts.types';
import type { BoletoChargesService } from '../boleto/boleto-charges.service';
import type { CardPaymentsService } from '../cards/card-payments.service';
import type { Scheduler } from '../jobs/scheduler';
import type { WebhookTargetGuard } from '../webhooks/webhooks.ports';
import { buildDynamicBrCode } from '../pix/br-code';
import type { Clock } from '../shared/clock';
import { DomainError, validationError } from '../shared/errors';
import { integerParam } from '../shared/query-params';
import type { UnitOfWork } from '../shared/unit-of-work';
import type { WithinTransaction } from '../shared/within-transaction';
import type { CreateTransactionInput } from './create-transaction.input';
import { newTransaction } from './new-transaction';
import { transactionNotFound } from './transaction-errors';
import { TRANSACTION_JOBS } from './transaction-jobs';
import { isTransactionStatus } from './transaction-status';
import type { PaymentInstitution, PixIds, TransactionRepository } from './transactions.ports';
import { TRANSACTION_PAYMENT_METHODS, type PixCharge, type Transaction, type TransactionListFilter, type TransactionPaymentMethod } from './transaction.types';

export interface TransactionsDeps {
  uow: UnitOfWork;
  repo: TransactionRepository;
  scheduler: Scheduler;
  /** The absolute URL of a location's QR image (rendered on request, never in the create). */
  qrImageUrl(locationId: string): string;
  ids: PixIds & { transactionId(): string };
  clock: Clock;
  /** Host and path prefix of location URLs, without scheme, e.g. `pix.example.com/pix/qr`. */
  locationBase: string;
  merchantCity: string;
  institution: Pick<PaymentInstitution, 'assertReady'>;
  /** Refuses postback URLs that point at private or loopback addresses (SSRF). */
  postbackGuard: WebhookTargetGuard;
  /** The sandbox's other methods, each in its own module. */
  boletos: Pick<BoletoChargesService, 'create'>;
  cards: Pick<CardPaymentsService, 'create'>;
}

export const LIST_LIMITS = { defaultLimit: 50, minLimit: 1, maxLimit: 500 } as const;

/** Creating, reading and listing PIX charges. */
export class TransactionsService {
  constructor(private readonly d: TransactionsDeps) {}

  async create(seller: Seller, input: CreateTransactionInput, withinTransaction?: WithinTransaction<Transaction>): Promise<Transaction> {
    this.d.institution.assertReady();
    if (seller.kycStatus !== 'APPROVED') {
      throw new DomainError('SELLER_NOT_APPROVED', `the seller's KYC status is ${seller.kycStatus}; charges need APPROVED`, 'FORBIDDEN');
    }
    if (input.postbackUrl) await this.d.postbackGuard.assertAllowed(new URL(input.postbackUrl));
    if (input.paymentMethod === 'BOLETO') return this.d.boletos.create(seller, input, withinTransaction);
    if (input.paymentMethod === 'CARD') return this.d.cards.create(seller, input, withinTransaction);
    const now = this.d.clock.now();
    const locationId = this.d.ids.locationId();
    const txid = this.d.ids.txid();
    const copyPaste = buildDynamicBrCode({
      locationUrl: `${this.d.locationBase}/${locationId}`,
      amountCents: input.amount,
      merchantName: seller.name,
      merchantCity: this.d.merchantCity,
    });
    const pix: PixCharge = { copyPaste, qrCode: this.d.qrImageUrl(locationId), expiresAt: new Date(now.getTime() + input.expirationSeconds * 1_000) };
    const t = newTransaction(seller, input, { id: this.d.ids.transactionId(), paymentMethod: 'PIX', status: 'PENDING', providerReference: txid, createdAt: now, txid, locationId, pix });
    await this.d.uow.run(async (tx) => {
      await this.d.repo.insert(tx, t);
      await this.d.scheduler.schedule(tx, [
        TRANSACTION_JOBS.registerCharge.at(`register:${t.id}`, now, { transactionId: t.id }),
        TRANSACTION_JOBS.expire.at(`expire:${t.id}`, pix.expiresAt, { transactionId: t.id }),
      ]);
      await withinTransaction?.(tx, t);
    });
    return t;
  }

  /** The seller's transaction; another seller's id is indistinguishable from an unknown one. */
  async get(sellerId: string, id: string): Promise<Transaction> {
    const t = await this.d.repo.findById(id);
    if (!t || t.sellerId !== sellerId) throw transactionNotFound();
    return t;
  }

  /** The boleto behind a printable page's token (public, like a PIX location). */
  findBoleto(token: string): Promise<Transaction | null> {
    return this.d.repo.findByBoletoToken(token);
  }

  findByLocation(locationId: string): Promise<Transaction | null> {
    return this.d.repo.findByLocation(locationId);
  }

  list(filter: TransactionListFilter) {
    return this.d.repo.list(filter);
  }
}

/** Validates list parameters (query strings or GraphQL arguments) into a filter. */
export function parseTransactionListQuery(sellerId: string, q: Record<string, unknown>): TransactionListFilter {
  const int = (name: string, def: number, min: number, max: number): number => {
    const raw = q[name];
    if (raw === undefined || raw === '') return def;
    const n = integerParam(raw);
    if (n === null || n < min || n > max) throw validationError('INVALID_QUERY_PARAMETER', `${name} must be an integer from ${min} to ${max}`, { field: name });
    return n;
  };
  const date = (name: string): Date | undefined => {
    const raw = q[name];
    if (raw === undefined || raw === '') return undefined;
    const s = String(raw);
    const d = new Date(s);
    if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) || Number.isNaN(d.getTime())) {
      throw validationError('INVALID_QUERY_PARAMETER', `${name} must be an ISO 8601 date-time`, { field: name });
    }
    return d;
  };
  const status = q.status;
  if (status !== undefined && status !== '' && !isTransactionStatus(status)) {
    throw validationError('INVALID_QUERY_PARAMETER', 'status is not a transaction status', { field: 'status' });
  }
  const method = q.paymentMethod;
  if (method !== undefined && method !== '' && !(TRANSACTION_PAYMENT_METHODS as readonly unknown[]).includes(method)) {
    throw validationError('INVALID_QUERY_PARAMETER', 'paymentMethod must be PIX, BOLETO or CARD', { field: 'paymentMethod' });
  }
  const filter: TransactionListFilter = {
    sellerId,
    limit: int('limit', LIST_LIMITS.defaultLimit, LIST_LIMITS.minLimit, LIST_LIMITS.maxLimit),
    offset: int('offset', 0, 0, 10_000_000),
    status: status ? (status as TransactionListFilter['status']) : undefined,
    paymentMethod: method ? (method as TransactionPaymentMethod) : undefined,
    createdFrom: date('createdFrom'),
    createdUntil: date('createdUntil'),
  };
  if (filter.createdFrom && filter.createdUntil && filter.createdFrom > filter.createdUntil) {
    throw validationError('INVALID_QUERY_PARAMETER', 'createdFrom must not be after createdUntil', { field: 'createdFrom' });
  }
  return filter;
}

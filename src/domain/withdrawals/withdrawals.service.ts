import type { Seller, User } from '../accounts/accounts.types';
import type { TwoFactorService } from '../accounts/two-factor.service';
import type { Outbox } from '../events/outbox';
import type { JobRerun, Scheduler } from '../jobs/scheduler';
import { withdrawalFee } from '../ledger/fees';
import { withdrawalDebit } from '../ledger/ledger-entries';
import type { LedgerService } from '../ledger/ledger.service';
import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import type { LiveEvents } from '../shared/live-events';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import type { CreateWithdrawalInput } from './create-withdrawal.input';
import { payoutOrderOf } from './payout-order';
import { pspPayoutId } from './psp-payout-id';
import { emitWithdrawalEvent } from './withdrawal-events';
import { WITHDRAWAL_JOBS } from './withdrawal-jobs';
import type { WithdrawalDetailView } from './withdrawal-view';
import { WITHDRAWAL_CREATED_EVENT } from './withdrawal-status';
import type { PayoutInstitution, WithdrawalRepository } from './withdrawals.ports';
import type { Withdrawal, WithdrawalListFilter } from './withdrawal.types';


/** Rows fetched per round trip when a list is exported (CSV). */
export const EXPORT_BATCH_SIZE = 1_000;

export interface WithdrawalsDeps {
  uow: UnitOfWork;
  repo: WithdrawalRepository;
  ledger: Pick<LedgerService, 'postEntry'>;
  outbox: Outbox;
  live: LiveEvents;
  scheduler: Scheduler;
  twoFactor: Pick<TwoFactorService, 'requireFreshCode'>;
  institution: PayoutInstitution;
  clock: Clock;
  newId(): string;
}

export const withdrawalNotFound = () => new DomainError('WITHDRAWAL_NOT_FOUND', 'withdrawal not found', 'NOT_FOUND');

/** Who asks: the seller whose balance pays, and the credential's owner (for 2FA). */
export interface WithdrawalRequester {
  seller: Seller;
  user: User;
}

/** Creating (paying out), reading, listing and submitting PIX withdrawals. */
export class WithdrawalsService {
  constructor(private readonly d: WithdrawalsDeps) {}

  /**
   * Checks who asks and builds the withdrawal in memory (PENDING, with the plan fee).
   * When the credential's owner has 2FA active, `totpCode` must be a current, unused
   * code: it is spent here, before any transaction (it reads and writes the user on its
   * own connection). `insert` writes the withdrawal.
   */
  async open(who: WithdrawalRequester, input: CreateWithdrawalInput, totpCode: string | null | undefined): Promise<Withdrawal> {
    this.d.institution.assertReady();
    const { seller } = who;
    if (seller.kycStatus !== 'APPROVED') {
      throw new DomainError('SELLER_NOT_APPROVED', `the seller's KYC status is ${seller.kycStatus}; withdrawals need APPROVED`, 'FORBIDDEN');
    }
    await this.d.twoFactor.requireFreshCode(who.user, totpCode);
    const now = this.d.clock.now();
    return {
      id: this.d.newId(),
      sellerId: seller.id,
      amount: input.amount,
      feeAmount: withdrawalFee(seller.feePlan),
      method: input.method,
      pixKey: input.pixKey,
      pixKeyType: input.pixKeyType,
      status: 'PENDING',
      description: input.description,
      externalReference: input.externalReference,
      beneficiary: input.beneficiary,
      metadata: input.metadata,
      end2end: null,
      failureReason: null,
      waitingReason: null,
      approvedAt: null,
      processedAt: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  /**
   * Writes in tx a withdrawal built by `open`: the row with its payout identifier at the
   * PSP (stored before anything is sent, in the transaction that debits), its submission job, its
   * WITHDRAWAL_CREATED event, and the debit of amount + fee from the available PIX
   * balance. A balance that does not cover it: 422 INSUFFICIENT_BALANCE, and the
   * transaction rolls back. Returns the detail view the event carries.
   */
  async insert(tx: Tx, w: Withdrawal): Promise<WithdrawalDetailView> {
    await this.d.repo.insert(tx, w, pspPayoutId(w.id));
    await this.d.scheduler.schedule(tx, WITHDRAWAL_JOBS.submit.at(`withdrawal-submit:${w.id}`, w.createdAt, { withdrawalId: w.id }));
    const view = await emitWithdrawalEvent(this.d, tx, w, WITHDRAWAL_CREATED_EVENT);
    // Last: the guarded debit locks the seller's wallet row until commit, so it comes
    // right before the commit (concurrent withdrawals of one seller queue on that row
    // for as short a time as possible).
    await this.d.ledger.postEntry(tx, withdrawalDebit({ sellerId: w.sellerId, withdrawalId: w.id, amount: w.amount, fee: w.feeAmount }));
    return view;
  }

  /** The seller's withdrawal; another seller's id is indistinguishable from an unknown one. */
  async get(sellerId: string, id: string): Promise<Withdrawal> {
    const w = id.length > 0 && id.length <= 200 ? await this.d.repo.findById(id) : null;
    if (!w || w.sellerId !== sellerId) throw withdrawalNotFound();
    return w;
  }

  list(filter: WithdrawalListFilter): Promise<{ items: Withdrawal[]; total: number }> {
    return this.d.repo.list(filter);
  }

  /** Every match of the filter, in batches (for CSV export). */
  export(filter: WithdrawalListFilter): AsyncIterable<Withdrawal[]> {
    return this.d.repo.stream(filter, EXPORT_BATCH_SIZE);
  }

  /**
   * The durable submission job: hands a PENDING withdrawal to the institution (idempotent), or
   * an APPROVED one the institution kept waiting (the platform's float) when it runs again.
   */
  async submit(withdrawalId: string): Promise<void | JobRerun> {
    const w = await this.d.repo.findById(withdrawalId);
    const waiting = w?.status === 'APPROVED' && w.waitingReason !== null;
    if (!w || (w.status !== 'PENDING' && !waiting)) return;
    return this.d.institution.submitPayout(payoutOrderOf(w));
  }
}

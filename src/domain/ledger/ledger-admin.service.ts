import type { SellerRepository } from '../accounts/accounts.ports';
import type { User } from '../accounts/accounts.types';
import { requireOperator } from '../accounts/account-errors';
import { DomainError, validationError } from '../shared/errors';
import type { UnitOfWork } from '../shared/unit-of-work';
import { isPaymentMethod } from './ledger-accounts';
import { correctionReason, operatorAdjustment } from './ledger-entries';
import type { LedgerRepository } from './ledger.ports';
import type { LedgerService } from './ledger.service';
import type { PaymentMethod, PostedEntry } from './ledger.types';

export interface CorrectionInput {
  sellerId: string;
  direction: 'CREDIT' | 'DEBIT';
  amount: number;
  method?: string;
  reason: string;
  /** Optional: the same key (per seller) posts the correction once. */
  idempotencyKey?: string | null;
}

export interface LedgerAdminDeps {
  uow: UnitOfWork;
  ledger: LedgerService;
  sellers: SellerRepository;
  store: LedgerRepository;
  newId: () => string;
}

const KEY = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Operators' ledger tools. Corrections: a manual credit or debit with a mandatory reason, posted as an
 * ordinary journal entry against the adjustments account (entries are immutable; a
 * wrong correction is fixed by another correction). A debit the balance does not
 * cover is refused with INSUFFICIENT_BALANCE; an operator's own seller is refused with
 * OWN_SELLER_CORRECTION (nobody moves money into their own account by hand).
 */
export class LedgerAdminService {
  constructor(private readonly d: LedgerAdminDeps) {}

  async correct(operator: User, input: CorrectionInput): Promise<PostedEntry> {
    requireOperator(operator);
    const reason = correctionReason(input.reason);
    const method: PaymentMethod = input.method === undefined ? 'PIX' : this.method(input.method);
    if (input.idempotencyKey !== undefined && input.idempotencyKey !== null && !KEY.test(input.idempotencyKey)) {
      throw validationError('INVALID_IDEMPOTENCY_KEY', 'idempotencyKey must have 1 to 100 characters among letters, digits, _ . -');
    }
    const seller = await this.d.sellers.findById(input.sellerId);
    if (!seller) throw new DomainError('SELLER_NOT_FOUND', 'seller not found', 'NOT_FOUND');
    if (operator.sellerId === seller.id) {
      throw new DomainError('OWN_SELLER_CORRECTION', 'an operator cannot correct the balance of its own seller; another operator must', 'FORBIDDEN');
    }
    const correctionId = input.idempotencyKey ? `${seller.id}.${input.idempotencyKey}` : this.d.newId();
    const draft = operatorAdjustment({
      sellerId: seller.id,
      correctionId,
      direction: input.direction,
      amount: input.amount,
      method,
      reason,
      operatorId: operator.id,
    });
    return this.d.uow.run((tx) => this.d.ledger.postEntry(tx, draft));
  }

  /** Platform accounts' balances, derived from their postings (they have no balance row). */
  async platformBalances(operator: User): Promise<{ account: string; balance: number }[]> {
    requireOperator(operator);
    return this.d.store.platformBalances();
  }

  private method(m: string): PaymentMethod {
    if (!isPaymentMethod(m)) throw validationError('INVALID_METHOD', 'method must be PIX, BOLETO or CARD');
    return m;
  }
}

import { z } from 'zod';
import type { Seller } from '../accounts/accounts.types';
import type { Outbox } from '../events/outbox';
import type { Scheduler } from '../jobs/scheduler';
import { refundDebit } from '../ledger/ledger-entries';
import type { LedgerService } from '../ledger/ledger.service';
import type { Clock } from '../shared/clock';
import type { LiveEvents } from '../shared/live-events';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import { coded, codedMessage, parseWith } from '../shared/zod-input';
import { DomainError } from '../shared/errors';
import { emitTransactionEvents } from './transaction-events';
import { TRANSACTION_JOBS } from './transaction-jobs';
import { applyTransactionCommand } from './transaction-machine';
import { assertRefundWindow, refundCommandFor } from './transaction-refund';
import { transactionEventName } from './transaction-status';
import { transactionNotFound } from './transaction-errors';
import type { TransactionRepository } from './transactions.ports';
import type { Transaction } from './transaction.types';
import type { SplitCharges } from '../splits/split-charges';
import type { ExplicitRefundPart } from '../splits/split-returns';

export interface RefundsDeps {
  uow: UnitOfWork;
  repo: TransactionRepository;
  ledger: Pick<LedgerService, 'postEntry'>;
  outbox: Outbox;
  live: LiveEvents;
  scheduler: Scheduler;
  clock: Clock;
  newId(): string;
  /** Marketplaces: a split charge's refund is given back by every party. */
  splits?: Pick<SplitCharges, 'refund'>;
}

const REFUND_AMOUNT = codedMessage('INVALID_REFUND_AMOUNT', 'amount must be a positive integer number of cents');

/** Body of POST .../transactions/:id/refund: `{amount?}` in cents (default: all that remains). Validates and documents it. */
export const RefundRequest = z.object(
  {
    amount: z
      .number({ errorMap: () => ({ message: REFUND_AMOUNT }) })
      .int()
      .positive()
      .refine(Number.isSafeInteger, { message: REFUND_AMOUNT })
      .nullish()
      .describe('cents; default: all that remains'),
    splits: z
      .array(
        z
          .object(
            {
              recipientId: z.string(coded('INVALID_SPLIT', 'recipientId must be the id of a recipient of this charge')).min(1).max(64),
              amount: z.number(coded('INVALID_SPLIT', 'amount must be a positive integer number of cents')).int().min(1).max(Number.MAX_SAFE_INTEGER).describe('cents this recipient gives back'),
            },
            coded('INVALID_SPLIT', 'each part must be an object with recipientId and amount'),
          )
          .strict(),
        coded('INVALID_SPLIT', 'splits must be a list of recipients and amounts'),
      )
      .max(10, { message: codedMessage('SPLIT_TOO_MANY_RECIPIENTS', 'at most 10 parts') })
      .nullish()
      .describe('split charges: what named recipients give back of this refund (the marketplace gives the rest); default: every party pro rata'),
  },
  coded('INVALID_BODY', 'request body must be a JSON object'),
).strict();

/** The refund body: its amount (undefined: all that remains) and, for a split charge, explicit parts. */
export function parseRefund(body: unknown): { amount: number | undefined; splits: ExplicitRefundPart[] | null } {
  const parsed = parseWith(RefundRequest.nullish(), body);
  return { amount: parsed?.amount ?? undefined, splits: parsed?.splits ?? null };
}

/**
 * Seller refunds: total or partial, never more than what remains (the amount minus refunds
 * not failed), a PIX one within 90 days of the payment, paid from the available balance
 * through the ledger in the same transaction as the status change. The money goes back to
 * the payer through the institution (a durable job); the refund is REQUESTED until the
 * institution's outcome is applied (`RefundOutcomesService`).
 */
export class RefundsService {
  constructor(private readonly d: RefundsDeps) {}

  /** Refunds in tx: the charge locked, the debit posted, the refund and its job recorded, the event written. */
  async refund(tx: Tx, seller: Seller, transactionId: string, amount: number | undefined, splitParts?: readonly ExplicitRefundPart[] | null): Promise<{ transaction: Transaction; refundId: string }> {
    const t = await this.d.repo.lock(tx, transactionId);
    if (!t || t.sellerId !== seller.id) throw transactionNotFound();
    const refund = amount ?? t.amount - t.refundedAmount;
    // The status must allow a refund before amounts are looked at (e.g. nothing to refund on a PENDING charge).
    applyTransactionCommand(t.status, 'REFUND_PARTIAL');
    const now = this.d.clock.now();
    // Both refusals come before anything is booked or sent: the PSP is never asked.
    assertRefundWindow({ method: t.paymentMethod, paidAt: t.paidAt, now });
    const decision = refundCommandFor({ amount: t.amount, refundedSoFar: t.refundedAmount, refund });
    const refundId = this.d.newId();
    const split = t.isSplit ? await this.d.splits?.refund(tx, t, refundId, refund, splitParts) : null;
    if (!split) {
      if (splitParts?.length) throw new DomainError('SPLIT_REFUND_UNKNOWN_RECIPIENT', 'splits: this charge is not split', 'UNPROCESSABLE', { field: 'splits' });
      await this.d.ledger.postEntry(tx, refundDebit({ sellerId: seller.id, transactionId: t.id, refundId, amount: refund, method: t.paymentMethod }));
    }
    t.status = applyTransactionCommand(t.status, decision.command).to;
    t.refundedAmount = decision.refundedAfter;
    t.refundType = decision.refundType;
    t.updatedAt = now;
    await this.d.repo.update(tx, t);
    await this.d.repo.insertRefund(tx, { id: refundId, transactionId: t.id, sellerId: seller.id, amount: refund, createdAt: now });
    await this.d.scheduler.schedule(tx, TRANSACTION_JOBS.sendRefund.at(`refund:${refundId}`, now, { transactionId: t.id, refundId, amount: refund, end2endId: t.end2endId }));
    await emitTransactionEvents(this.d, tx, t, [transactionEventName(t.status)]);
    return { transaction: t, refundId };
  }
}

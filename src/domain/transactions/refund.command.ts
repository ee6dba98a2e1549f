import type { Seller } from '../accounts/accounts.types';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import { type CommandResult, runIdempotentCommand } from '../idempotency/idempotent-command';
import { parseRefundAmount, type RefundsService } from './refunds.service';
import { transactionView } from './transaction-view';

export interface RefundRequest {
  seller: Seller;
  transactionId: string;
  /** `{ amount? }` as the client sent it; absent means the whole remainder. */
  input: unknown;
  idempotencyKey: unknown;
}

export type Refund = (r: RefundRequest) => Promise<CommandResult>;

/** Refunds a charge, totally or partly, once per idempotency key; the view is the refunded transaction. */
export function refundCommand(d: { idempotency: IdempotencyService; refunds: Pick<RefundsService, 'refund'> }): Refund {
  return async ({ seller, transactionId, input, idempotencyKey }) => {
    const amount = input !== null && typeof input === 'object' ? (input as { amount?: unknown }).amount : undefined;
    return runIdempotentCommand(d.idempotency, {
      sellerId: seller.id,
      operation: 'transactions.refund',
      key: idempotencyKey,
      identity: { transactionId, input: input ?? {} },
      formerIdentities: [
        { path: `/api/v1/cobranca/transactions/${transactionId}/refund`, body: input ?? null },
        { graphql: 'refundTransaction', id: transactionId, amount: amount ?? null },
      ],
      storedStatus: 200,
      execute: async (record) => {
        const r = await d.refunds.refund(seller, transactionId, parseRefundAmount(input), (tx, done) => record(tx, done.refundId, transactionView(done.transaction)));
        return transactionView(r.transaction);
      },
    });
  };
}

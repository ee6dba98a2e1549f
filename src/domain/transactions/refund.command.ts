import type { Seller } from '../accounts/accounts.types';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import { type CommandResult, idempotentCommand } from '../idempotency/idempotent-command';
import type { UnitOfWork } from '../shared/unit-of-work';
import { parseRefund, type RefundsService } from './refunds.service';
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
export function refundCommand(d: { uow: UnitOfWork; idempotency: IdempotencyService; refunds: Pick<RefundsService, 'refund'> }): Refund {
  return idempotentCommand(
    d.idempotency,
    {
      operation: 'transactions.refund',
      storedStatus: 200,
      identity: ({ transactionId, input }: RefundRequest) => ({ transactionId, input: input ?? {} }),
    },
    async ({ seller, transactionId, input }, answer) => {
      const { amount, splits } = parseRefund(input);
      return d.uow.run(async (tx) => {
        const refunded = await d.refunds.refund(tx, seller, transactionId, amount, splits);
        const view = transactionView(refunded.transaction);
        await answer.record(tx, refunded.refundId, view);
        return view;
      });
    },
  );
}

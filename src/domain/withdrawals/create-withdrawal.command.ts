import type { IdempotencyService } from '../idempotency/idempotency.service';
import { type CommandResult, runIdempotentCommand } from '../idempotency/idempotent-command';
import type { AbuseLimits } from '../rate-limits/abuse-limits';
import { parseCreateWithdrawal } from './create-withdrawal.input';
import { withdrawalDetailView } from './withdrawal-view';
import type { WithdrawalRequester, WithdrawalsService } from './withdrawals.service';

export interface CreateWithdrawalRequest extends WithdrawalRequester {
  /** The request body as the client sent it (REST body, GraphQL input). */
  input: unknown;
  idempotencyKey: unknown;
  /** The current TOTP code of the user, when one was sent. */
  totpCode: string | null | undefined;
  /** The client's address: wrong codes count against it as well as against the user. */
  address: string;
}

export type CreateWithdrawal = (r: CreateWithdrawalRequest) => Promise<CommandResult>;

/** Pays out by PIX once per idempotency key; the view is the detailed withdrawal (REST answers its SPEC fields). */
export function createWithdrawalCommand(d: {
  idempotency: IdempotencyService;
  withdrawals: Pick<WithdrawalsService, 'create'>;
  abuseLimits: Pick<AbuseLimits, 'attempt'>;
  sandbox: boolean;
}): CreateWithdrawal {
  return async ({ seller, user, input, idempotencyKey, totpCode, address }) =>
    runIdempotentCommand(d.idempotency, {
      sellerId: seller.id,
      operation: 'withdrawals.create',
      key: idempotencyKey,
      identity: { input: input ?? null },
      formerIdentities: [{ path: '/api/v1/cobranca/withdrawals', body: input ?? null }, { graphql: 'createWithdrawal', body: input }],
      storedStatus: 201,
      execute: async (record) => {
        const parsed = parseCreateWithdrawal(input, { sandbox: d.sandbox });
        const create = () =>
          d.withdrawals.create({ seller, user }, parsed, {
            totpCode,
            withinTransaction: (tx, created) => record(tx, created.id, withdrawalDetailView(created)),
          });
        // A code is a guess like any other: wrong ones count against the user and the address.
        const w = totpCode ? await d.abuseLimits.attempt('totp', { user: user.id, address }, create) : await create();
        return withdrawalDetailView(w);
      },
    });
}

import type { IdempotencyService } from '../idempotency/idempotency.service';
import { type CommandResult, idempotentCommand } from '../idempotency/idempotent-command';
import type { AbuseLimits } from '../rate-limits/abuse-limits';
import type { UnitOfWork } from '../shared/unit-of-work';
import { parseCreateWithdrawal } from './create-withdrawal.input';
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
  uow: UnitOfWork;
  idempotency: IdempotencyService;
  withdrawals: Pick<WithdrawalsService, 'open' | 'insert'>;
  abuseLimits: Pick<AbuseLimits, 'attempt'>;
  sandbox: boolean;
}): CreateWithdrawal {
  return idempotentCommand(
    d.idempotency,
    {
      operation: 'withdrawals.create',
      storedStatus: 201,
      identity: ({ input }: CreateWithdrawalRequest) => ({ input: input ?? null }),
    },
    async ({ seller, user, input, totpCode, address }, answer) => {
      const parsed = parseCreateWithdrawal(input, { sandbox: d.sandbox });
      const open = () => d.withdrawals.open({ seller, user }, parsed, totpCode);
      // A code is a guess like any other: wrong ones count against the user and the address.
      const withdrawal = totpCode ? await d.abuseLimits.attempt('totp', { user: user.id, address }, open) : await open();
      return d.uow.run(async (tx) => {
        const view = await d.withdrawals.insert(tx, withdrawal);
        await answer.record(tx, withdrawal.id, view);
        return view;
      });
    },
  );
}

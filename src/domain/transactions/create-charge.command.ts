import type { Seller } from '../accounts/accounts.types';
import { withoutCardSecrets } from '../cards/card-input';
import type { CardFingerprinter } from '../cards/cards.ports';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import { type CommandResult, idempotentCommand } from '../idempotency/idempotent-command';
import type { UnitOfWork } from '../shared/unit-of-work';
import { claimsAtCommit } from './claims-at-commit';
import { parseCreateTransaction } from './create-transaction.input';
import { refuseDisabledPaymentMethod } from './payment-method-input';
import { transactionView } from './transaction-view';
import type { TransactionsService } from './transactions.service';
import type { SplitCharges } from '../splits/split-charges';
import { splitPlanView } from '../splits/split-view';

export interface CreateChargeRequest {
  seller: Seller;
  /** The request body as the client sent it (REST body, GraphQL input). */
  input: unknown;
  idempotencyKey: unknown;
}

export type CreateCharge = (r: CreateChargeRequest) => Promise<CommandResult>;

/**
 * Creates a charge (PIX, BOLETO or CARD), once per idempotency key. A method production
 * does not enable is refused before anything else. Card numbers and CVVs are replaced by
 * keyed hashes in the request's identity; a PIX charge claims its key at its own commit.
 */
export function createChargeCommand(d: {
  uow: UnitOfWork;
  idempotency: IdempotencyService;
  transactions: Pick<TransactionsService, 'open' | 'insert'> & Partial<Pick<TransactionsService, 'registersWithInstitutionFirst'>>;
  cardFingerprinter: CardFingerprinter;
  sandbox: boolean;
  /** Marketplaces: the split instructions of a charge, checked and stored with it. */
  splits?: Pick<SplitCharges, 'check' | 'insert' | 'refusal'>;
}): CreateCharge {
  const create = idempotentCommand(
    d.idempotency,
    {
      operation: 'transactions.create',
      storedStatus: 201,
      identity: ({ input }: CreateChargeRequest) => ({ input: withoutCardSecrets(input, (v) => d.cardFingerprinter.fingerprint(v)) ?? null }),
      // A PSP registration is a call out before the commit: then the key is claimed first.
      claimsAtCommit: ({ input }) => claimsAtCommit(input) && !d.transactions.registersWithInstitutionFirst,
    },
    async ({ seller, input, idempotencyKey }, answer) => {
      const parsed = parseCreateTransaction(input, { sandbox: d.sandbox });
      const { splits } = parsed;
      if (splits) {
        if (!d.splits) throw new Error('split charges are not wired');
        // The links are checked by the split's insert, in the create's transaction; asked first only before a call out.
        await d.splits.check(seller, parsed.amount, splits, { linksFirst: d.transactions.registersWithInstitutionFirst === true });
      }
      const charge = await d.transactions.open(seller, parsed, { idempotencyKey: String(idempotencyKey) });
      if (splits) charge.isSplit = true;
      const view = splits ? { ...transactionView(charge), splits: splitPlanView(splits) } : transactionView(charge);
      try {
        await d.uow.run(async (tx) => {
          await d.transactions.insert(tx, charge);
          if (splits) await d.splits!.insert(tx, charge, splits);
          await answer.record(tx, charge.id, view);
        });
      } catch (error) {
        throw (splits && d.splits!.refusal(error, splits)) || error;
      }
      return view;
    },
  );
  return async (r) => {
    refuseDisabledPaymentMethod(r.input, { sandbox: d.sandbox });
    return create(r);
  };
}

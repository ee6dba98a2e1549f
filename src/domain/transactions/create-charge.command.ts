import type { Seller } from '../accounts/accounts.types';
import { withoutCardSecrets } from '../cards/card-input';
import type { CardFingerprinter } from '../cards/cards.ports';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import { type CommandResult, runIdempotentCommand } from '../idempotency/idempotent-command';
import { claimsAtCommit } from './claims-at-commit';
import { parseCreateTransaction } from './create-transaction.input';
import { refuseDisabledPaymentMethod } from './payment-method-input';
import { transactionView } from './transaction-view';
import type { TransactionsService } from './transactions.service';

export interface CreateChargeRequest {
  seller: Seller;
  /** The request body as the client sent it (REST body, GraphQL input). */
  input: unknown;
  idempotencyKey: unknown;
}

export type CreateCharge = (r: CreateChargeRequest) => Promise<CommandResult>;

/**
 * Creates a charge (PIX, BOLETO or CARD): refuses a disabled method, then runs the
 * idempotent create. Card numbers and CVVs are replaced by keyed hashes in the
 * request's identity; a PIX charge claims its key at its own commit.
 */
export function createChargeCommand(d: {
  idempotency: IdempotencyService;
  transactions: Pick<TransactionsService, 'create'> & Partial<Pick<TransactionsService, 'registersWithInstitutionFirst'>>;
  cardFingerprinter: CardFingerprinter;
  sandbox: boolean;
}): CreateCharge {
  return async ({ seller, input, idempotencyKey }) => {
    refuseDisabledPaymentMethod(input, { sandbox: d.sandbox });
    const body = withoutCardSecrets(input, (v) => d.cardFingerprinter.fingerprint(v));
    return runIdempotentCommand(d.idempotency, {
      sellerId: seller.id,
      operation: 'transactions.create',
      key: idempotencyKey,
      identity: { input: body ?? null },
      formerIdentities: [{ path: '/api/v1/cobranca/transactions', body: body ?? null }, { graphql: 'createTransaction', body }],
      // A PSP registration is a call out before the commit: the key is claimed first.
      claimAtCommit: claimsAtCommit(input) && !d.transactions.registersWithInstitutionFirst,
      storedStatus: 201,
      execute: async (record) => {
        const parsed = parseCreateTransaction(input, { sandbox: d.sandbox });
        return transactionView(await d.transactions.create(seller, parsed, (tx, t) => record(tx, t.id, transactionView(t)), { idempotencyKey: String(idempotencyKey) }));
      },
    });
  };
}

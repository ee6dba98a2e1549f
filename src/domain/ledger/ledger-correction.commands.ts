import type { User } from '../accounts/accounts.types';
import type { CorrectionInput, LedgerAdminService } from './ledger-admin.service';
import type { PostedEntry } from './ledger.types';

/** A manual correction as the operator sent it; the command adds its direction. */
export type ManualCorrection = Omit<CorrectionInput, 'direction'>;
export type CorrectSeller = (r: { operator: User; input: ManualCorrection }) => Promise<PostedEntry>;

export interface LedgerCorrectionCommands {
  /** Operators only: credits a seller (reason mandatory; the same idempotency key posts once). */
  creditSellerManually: CorrectSeller;
  /** Operators only: debits a seller's available balance. */
  debitSellerManually: CorrectSeller;
}

/** The operators' manual ledger corrections: ordinary journal entries (the service checks the role and the values). */
export function ledgerCorrectionCommands(d: { ledgerAdmin: Pick<LedgerAdminService, 'correct'> }): LedgerCorrectionCommands {
  const correct =
    (direction: CorrectionInput['direction']): CorrectSeller =>
    ({ operator, input }) =>
      d.ledgerAdmin.correct(operator, { ...input, direction });
  return { creditSellerManually: correct('CREDIT'), debitSellerManually: correct('DEBIT') };
}

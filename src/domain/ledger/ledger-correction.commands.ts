import type { User } from '../accounts/accounts.types';
import { requireOperator } from '../accounts/account-errors';
import type { TwoFactorService } from '../accounts/two-factor.service';
import type { AbuseLimits } from '../rate-limits/abuse-limits';
import { DomainError } from '../shared/errors';
import type { CorrectionInput, LedgerAdminService } from './ledger-admin.service';
import type { PostedEntry } from './ledger.types';

/** A manual correction as the operator sent it; the command adds its direction. */
export type ManualCorrection = Omit<CorrectionInput, 'direction'>;
export type CorrectSeller = (r: {
  operator: User;
  input: ManualCorrection;
  /** The operator's current TOTP code: moving money by hand is a step-up operation. */
  twoFactorCode?: string | null;
  /** The client's address: a wrong code counts against it as well as against the operator. */
  address: string;
}) => Promise<PostedEntry>;

export interface LedgerCorrectionCommands {
  /** Operators only, with 2FA on and a fresh code: credits a seller (reason mandatory; the same idempotency key posts once). */
  creditSellerManually: CorrectSeller;
  /** Operators only, with 2FA on and a fresh code: debits a seller's available balance. */
  debitSellerManually: CorrectSeller;
}

export const operatorMfaRequired = () =>
  new DomainError('OPERATOR_MFA_REQUIRED', 'moving money by hand needs 2FA: turn it on for this operator first', 'FORBIDDEN');

/**
 * The operators' manual ledger corrections: ordinary journal entries (the service checks
 * the role, the values and that the operator does not correct its own seller). Each one
 * is a step-up: the operator must have 2FA on and send a current code, consumed once and
 * counted by the brute-force guard, so a stolen operator session alone moves no money.
 */
export function ledgerCorrectionCommands(d: {
  ledgerAdmin: Pick<LedgerAdminService, 'correct'>;
  twoFactor: Pick<TwoFactorService, 'isActive' | 'requireFreshCode'>;
  abuseLimits: Pick<AbuseLimits, 'attempt'>;
}): LedgerCorrectionCommands {
  const correct =
    (direction: CorrectionInput['direction']): CorrectSeller =>
    async ({ operator, input, twoFactorCode, address }) => {
      requireOperator(operator);
      if (!d.twoFactor.isActive(operator)) throw operatorMfaRequired();
      await d.abuseLimits.attempt('totp', { user: operator.id, address }, () => d.twoFactor.requireFreshCode(operator, twoFactorCode));
      return d.ledgerAdmin.correct(operator, { ...input, direction });
    };
  return { creditSellerManually: correct('CREDIT'), debitSellerManually: correct('DEBIT') };
}

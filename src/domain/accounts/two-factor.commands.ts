import { answered, type CommandResult } from '../idempotency/idempotent-command';
import type { AbuseLimits } from '../rate-limits/abuse-limits';
import { userView, type UserView } from './account-view';
import type { User } from './accounts.types';
import type { TwoFactorService } from './two-factor.service';

export interface TwoFactorCodeRequest {
  user: User;
  /** The current TOTP code as the user typed it (its format is checked with the user's 2FA state). */
  code: string;
  /** The client's address: wrong codes count against it as well as against the user. */
  address: string;
}

export type EnrolTwoFactor = (r: { user: User }) => Promise<CommandResult<{ secret: string; otpauthUri: string; recoveryCodes: string[] }>>;
export type UseTwoFactorCode = (r: TwoFactorCodeRequest) => Promise<CommandResult<UserView>>;

export interface TwoFactorCommands {
  /** Starts enrolment: the secret, its otpauth URI and the recovery codes, shown here only. */
  enrolTwoFactor: EnrolTwoFactor;
  /** Activates 2FA with a first code. */
  confirmTwoFactor: UseTwoFactorCode;
  /** Turns 2FA off with a current code. */
  disableTwoFactor: UseTwoFactorCode;
}

/** TOTP enrolment, confirmation and disabling; each code is a guess counted by the brute-force guard. */
export function twoFactorCommands(d: { twoFactor: Pick<TwoFactorService, 'enrol' | 'confirm' | 'disable'>; abuseLimits: Pick<AbuseLimits, 'attempt'> }): TwoFactorCommands {
  const withCode =
    (use: (user: User, code: string) => Promise<User>): UseTwoFactorCode =>
    async ({ user, code, address }) =>
      answered(userView(await d.abuseLimits.attempt('totp', { user: user.id, address }, () => use(user, code))));
  return {
    enrolTwoFactor: async ({ user }) => answered(await d.twoFactor.enrol(user)),
    confirmTwoFactor: withCode((user, code) => d.twoFactor.confirm(user, code)),
    disableTwoFactor: withCode((user, code) => d.twoFactor.disable(user, code)),
  };
}

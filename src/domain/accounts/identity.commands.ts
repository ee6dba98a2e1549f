import { answered, type CommandResult } from '../idempotency/idempotent-command';
import type { AbuseLimits } from '../rate-limits/abuse-limits';
import { userView, type UserView } from './account-view';
import { canonicalEmail } from './email';
import type { IdentityService } from './identity.service';
import type { TwoFactorService } from './two-factor.service';

/** An e-mail and a password as the user typed them (the use case checks and normalises them). */
export interface Credentials {
  email: string;
  password: string;
}

/** What signing in takes: the credentials and, when the user has 2FA on, a current or recovery code. */
export interface SignInInput extends Credentials {
  twoFactorCode?: string | null;
}

/** A new dashboard session: its token is in this answer only. */
export type SessionView = { token: string; expiresAt: string; user: UserView };

/** `address`: the client's address; each EMAIL_TAKEN answer counts against it (it tells who has an account). */
export type SignUp = (r: { input: Credentials; address: string }) => Promise<CommandResult<UserView>>;
/** `address`: the client's address; wrong passwords count against it as well as against the e-mail. */
export type LogIn = (r: { input: SignInInput; address: string }) => Promise<CommandResult<SessionView>>;
/** `sellerId`: the session's seller, told that its credentials changed (its live sockets are checked at once). */
export type LogOut = (r: { sessionId: string; sellerId?: string | null }) => Promise<void>;

export interface IdentityCommands {
  signUp: SignUp;
  /**
   * A password alone never opens the session of a user with 2FA on: without a code the
   * answer is MFA_REQUIRED. Each wrong password and each wrong code is a guess counted by
   * the brute-force guards (by e-mail and address, then by user and address).
   */
  logIn: LogIn;
  /** Ends the session whose token made the call. */
  logOut: LogOut;
}

/** Sign-up, log-in (behind the brute-force guards) and log-out of dashboard users. */
export function identityCommands(d: {
  identity: Pick<IdentityService, 'signUp' | 'verifyPassword' | 'openSession' | 'logOut'>;
  twoFactor: Pick<TwoFactorService, 'isActive' | 'proveSignIn'>;
  abuseLimits: Pick<AbuseLimits, 'attempt'>;
  announceCredentialChange?: (sellerId: string) => void;
}): IdentityCommands {
  return {
    signUp: async ({ input, address }) =>
      answered(userView(await d.abuseLimits.attempt('signup', { user: '', address }, () => d.identity.signUp({ email: input.email, password: input.password })))),
    logIn: async ({ input, address }) => {
      // The guard counts the very value the lookup uses: no other spelling has a budget of its own.
      const email = canonicalEmail(input.email);
      const user = await d.abuseLimits.attempt('login', { user: email, address }, () => d.identity.verifyPassword({ email, password: input.password }));
      if (d.twoFactor.isActive(user)) {
        await d.abuseLimits.attempt('totp', { user: user.id, address }, () => d.twoFactor.proveSignIn(user, input.twoFactorCode));
      }
      const s = await d.identity.openSession(user);
      return answered({ token: s.token, expiresAt: s.expiresAt.toISOString(), user: userView(s.user) });
    },
    logOut: async ({ sessionId, sellerId }) => {
      await d.identity.logOut(sessionId);
      if (sellerId) d.announceCredentialChange?.(sellerId);
    },
  };
}

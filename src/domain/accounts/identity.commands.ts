import { answered, type CommandResult } from '../idempotency/idempotent-command';
import type { AbuseLimits } from '../rate-limits/abuse-limits';
import { userView, type UserView } from './account-view';
import type { IdentityService } from './identity.service';

/** An e-mail and a password as the user typed them (the use case checks and normalises them). */
export interface Credentials {
  email: string;
  password: string;
}

/** A new dashboard session: its token is in this answer only. */
export type SessionView = { token: string; expiresAt: string; user: UserView };

export type SignUp = (r: { input: Credentials }) => Promise<CommandResult<UserView>>;
/** `address`: the client's address; wrong passwords count against it as well as against the e-mail. */
export type LogIn = (r: { input: Credentials; address: string }) => Promise<CommandResult<SessionView>>;
/** `sellerId`: the session's seller, told that its credentials changed (its live sockets are checked at once). */
export type LogOut = (r: { sessionId: string; sellerId?: string | null }) => Promise<void>;

export interface IdentityCommands {
  signUp: SignUp;
  /** Each attempt is a guess counted by the brute-force guard. */
  logIn: LogIn;
  /** Ends the session whose token made the call. */
  logOut: LogOut;
}

/** Sign-up, log-in (behind the brute-force guard) and log-out of dashboard users. */
export function identityCommands(d: {
  identity: Pick<IdentityService, 'signUp' | 'logIn' | 'logOut'>;
  abuseLimits: Pick<AbuseLimits, 'attempt'>;
  announceCredentialChange?: (sellerId: string) => void;
}): IdentityCommands {
  return {
    signUp: async ({ input }) => answered(userView(await d.identity.signUp({ email: input.email, password: input.password }))),
    logIn: async ({ input, address }) => {
      const credentials = { email: input.email, password: input.password };
      const s = await d.abuseLimits.attempt('login', { user: input.email, address }, () => d.identity.logIn(credentials));
      return answered({ token: s.token, expiresAt: s.expiresAt.toISOString(), user: userView(s.user) });
    },
    logOut: async ({ sessionId, sellerId }) => {
      await d.identity.logOut(sessionId);
      if (sellerId) d.announceCredentialChange?.(sellerId);
    },
  };
}

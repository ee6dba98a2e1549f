import type { Clock } from '../shared/clock';
import { validationError } from '../shared/errors';
import type { PasswordHasher, SellerRepository, SessionRepository, TokenService, UserRepository } from './accounts.ports';
import { invalidCredentials, unauthenticated } from './account-errors';
import type { Principal, User } from './accounts.types';
import { SESSION_TOKEN_PREFIX } from './authenticate-credential';
import { canonicalEmail, normalizeEmail } from './email';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export interface IdentityDeps {
  users: UserRepository;
  sellers: SellerRepository;
  sessions: SessionRepository;
  hasher: PasswordHasher;
  tokens: TokenService;
  clock: Clock;
  sessionTtlMs: number;
}

export { unauthenticated } from './account-errors';

export { normalizeEmail } from './email';

export function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw validationError('WEAK_PASSWORD', `password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
}

/** Dashboard people: sign up, log in, and resolve a session token to a principal. */
export class IdentityService {
  constructor(private readonly d: IdentityDeps) {}

  async signUp(input: { email: string; password: string; role?: User['role'] }): Promise<User> {
    const email = normalizeEmail(input.email);
    checkPassword(input.password);
    const user: User = {
      id: this.d.tokens.newId(),
      email,
      passwordHash: await this.d.hasher.hash(input.password),
      role: input.role ?? 'USER',
      sellerId: null,
      totpSecretEnc: null,
      totpEnabledAt: null,
      totpLastStep: null,
      createdAt: this.d.clock.now(),
    };
    await this.d.users.insert(user);
    return user;
  }

  /** The user whose password this is; INVALID_CREDENTIALS otherwise, in the same time whether the account exists or not. */
  async verifyPassword(input: { email: string; password: string }): Promise<User> {
    const user = await this.d.users.findByEmail(canonicalEmail(input.email));
    if (!user) {
      // Spend the same time as a real check so response times do not reveal accounts.
      await this.d.hasher.verify(await this.dummyHash(), input.password);
      throw invalidCredentials();
    }
    if (!(await this.d.hasher.verify(user.passwordHash, input.password))) throw invalidCredentials();
    return user;
  }

  /** A new dashboard session for a user who proved who they are (password, and code when 2FA is on). */
  async openSession(user: User): Promise<{ token: string; expiresAt: Date; user: User }> {
    const token = `${SESSION_TOKEN_PREFIX}${this.d.tokens.randomToken()}`;
    const now = this.d.clock.now();
    const expiresAt = new Date(now.getTime() + this.d.sessionTtlMs);
    await this.d.sessions.insert({
      id: this.d.tokens.newId(),
      userId: user.id,
      tokenHash: this.d.tokens.digest(token),
      createdAt: now,
      expiresAt,
      revokedAt: null,
    });
    return { token, expiresAt, user };
  }

  private dummy?: Promise<string>;
  private dummyHash(): Promise<string> {
    this.dummy ??= this.d.hasher.hash(this.d.tokens.randomToken());
    return this.dummy;
  }

  /** Ends a dashboard session: its token stops working at once. */
  async logOut(sessionId: string): Promise<void> {
    await this.d.sessions.revoke(sessionId, this.d.clock.now());
  }

  async authenticateSession(token: string): Promise<Principal> {
    const session = await this.d.sessions.findByHash(this.d.tokens.digest(token));
    if (!session || session.revokedAt || session.expiresAt <= this.d.clock.now()) throw unauthenticated();
    const user = await this.d.users.findById(session.userId);
    if (!user) throw unauthenticated();
    const seller = user.sellerId ? await this.d.sellers.findById(user.sellerId) : null;
    return { kind: 'session', sessionId: session.id, user, seller };
  }
}

import type { Clock } from '../shared/clock';
import { DomainError, validationError } from '../shared/errors';
import type { RecoveryCodeStore, SecretBox, TokenService, Totp, UserRepository } from './accounts.ports';
import type { User } from './accounts.types';
import { canonicalRecoveryCode, newRecoveryCodes } from './recovery-codes';

export const TOTP_ISSUER = 'PixPay';
const CODE = /^\d{6}$/;

export interface TwoFactorDeps {
  users: UserRepository;
  totp: Totp;
  box: SecretBox;
  clock: Clock;
  recoveryCodes: RecoveryCodeStore;
  tokens: Pick<TokenService, 'digest'>;
}

export const mfaRequired = () =>
  new DomainError('MFA_REQUIRED', 'a current 2FA code is required for this operation', 'FORBIDDEN');
const invalidCode = () => new DomainError('INVALID_MFA_CODE', '2FA code is wrong, expired or already used', 'FORBIDDEN');
/** A user with 2FA on gave the right password and no code: sign-in waits for the second step. */
export const signInCodeRequired = () =>
  new DomainError('MFA_REQUIRED', 'this account has 2FA on: send twoFactorCode, the current code of the authenticator app or a recovery code', 'FORBIDDEN');

/**
 * TOTP (RFC 6238) enrolment, confirmation, disabling and one-time code checks. Recovery
 * codes, for a lost phone, are made at enrolment, shown once, stored as digests and
 * each accepted once, for signing in and for turning 2FA off (never for a withdrawal).
 */
export class TwoFactorService {
  constructor(private readonly d: TwoFactorDeps) {}

  isActive(user: User): boolean {
    return user.totpEnabledAt !== null;
  }

  async enrol(user: User): Promise<{ secret: string; otpauthUri: string; recoveryCodes: string[] }> {
    if (this.isActive(user)) throw new DomainError('MFA_ALREADY_ACTIVE', '2FA is already active', 'CONFLICT');
    const secret = this.d.totp.generateSecret();
    const recoveryCodes = newRecoveryCodes();
    user.totpSecretEnc = this.d.box.seal(secret);
    await this.d.users.update(user);
    await this.d.recoveryCodes.replace(user.id, recoveryCodes.map((c) => this.d.tokens.digest(canonicalRecoveryCode(c)!)));
    return { secret, otpauthUri: this.d.totp.keyUri(user.email, TOTP_ISSUER, secret), recoveryCodes };
  }

  async confirm(user: User, code: string): Promise<User> {
    if (this.isActive(user)) throw new DomainError('MFA_ALREADY_ACTIVE', '2FA is already active', 'CONFLICT');
    if (!user.totpSecretEnc) throw new DomainError('MFA_NOT_ENROLLED', 'start 2FA enrolment first', 'CONFLICT');
    await this.consume(user, code);
    user.totpEnabledAt = this.d.clock.now();
    await this.d.users.update(user);
    return user;
  }

  /** With a current code or, the phone lost, a recovery code. */
  async disable(user: User, code: string): Promise<User> {
    if (!this.isActive(user)) throw new DomainError('MFA_NOT_ACTIVE', '2FA is not active', 'CONFLICT');
    await this.consumeCodeOrRecovery(user, code);
    user.totpEnabledAt = null;
    user.totpSecretEnc = null;
    await this.d.users.update(user);
    await this.d.recoveryCodes.replace(user.id, []);
    return user;
  }

  /** The second step of signing in: a current code or an unused recovery code (then used up). */
  async proveSignIn(user: User, code: string | undefined | null): Promise<void> {
    if (!this.isActive(user)) return;
    if (code === undefined || code === null || code === '') throw signInCodeRequired();
    await this.consumeCodeOrRecovery(user, code);
  }

  /**
   * For sensitive operations: when the user has 2FA active, a current code is
   * required and is consumed (it cannot be replayed within its window).
   */
  async requireFreshCode(user: User, code: string | undefined | null): Promise<void> {
    if (!this.isActive(user)) return;
    if (code === undefined || code === null || code === '') throw mfaRequired();
    await this.consume(user, code);
  }

  private async consumeCodeOrRecovery(user: User, code: string): Promise<void> {
    const trimmed = code.trim();
    if (CODE.test(trimmed)) return this.consume(user, trimmed);
    const recovery = canonicalRecoveryCode(trimmed);
    if (!recovery) throw validationError('INVALID_MFA_CODE_FORMAT', '2FA code must be 6 digits, or a recovery code of 16 letters and digits');
    if (!(await this.d.recoveryCodes.consume(user.id, this.d.tokens.digest(recovery)))) throw invalidCode();
  }

  private async consume(user: User, code: string): Promise<void> {
    if (!CODE.test(code)) throw validationError('INVALID_MFA_CODE_FORMAT', '2FA code must be 6 digits');
    const secret = this.d.box.open(user.totpSecretEnc!);
    const step = this.d.totp.matchStep(secret, code, this.d.clock.now());
    if (step === null) throw invalidCode();
    if (!(await this.d.users.claimTotpStep(user.id, step))) throw invalidCode();
    user.totpLastStep = step;
  }
}

import type { AbuseLimits } from '../rate-limits/abuse-limits';
import type { Principal } from './accounts.types';
import type { TwoFactorService } from './two-factor.service';

export interface StepUpDeps {
  twoFactor: Pick<TwoFactorService, 'isActive' | 'requireFreshCode'>;
  abuseLimits: Pick<AbuseLimits, 'attempt'>;
}

/**
 * A person's own rights (their data's export, their account's erasure) done with an API
 * key: when the key's owner has 2FA on, a current code is required too (MFA_REQUIRED
 * otherwise), consumed once and counted by the brute-force guard, so a key leaked from a
 * server neither reads out the account nor asks for its erasure. A session already gave
 * its second factor at sign-in.
 */
export async function requireApiKeyStepUp(d: StepUpDeps, r: { principal: Principal; twoFactorCode?: string | null; address: string }): Promise<void> {
  const { principal } = r;
  if (principal.kind !== 'apiKey' || !d.twoFactor.isActive(principal.user)) return;
  await d.abuseLimits.attempt('totp', { user: principal.user.id, address: r.address }, () => d.twoFactor.requireFreshCode(principal.user, r.twoFactorCode));
}

import { ApiKeysService } from '../../domain/accounts/api-keys.service';
import { IdentityService } from '../../domain/accounts/identity.service';
import { SellerOnboardingService } from '../../domain/accounts/seller-onboarding.service';
import { TwoFactorService } from '../../domain/accounts/two-factor.service';
import {
  MikroApiKeyRepository,
  MikroSellerRepository,
  MikroSessionRepository,
  MikroUserRepository,
} from '../../infra/db/account.repositories';
import { AnnouncingSellerRepository, AnnouncingUserRepository, CachingApiKeyRepository, CachingSessionRepository } from '../../infra/accounts/caching-account-repositories';
import { CredentialCache } from '../../infra/accounts/credential-cache';
import { PgRecoveryCodeStore } from '../../infra/accounts/pg-recovery-code-store';
import { Argon2Hasher } from '../../infra/security/argon2-hasher';
import { OtplibTotp } from '../../infra/security/otplib-totp';
import type { Platform } from './platform';

export function wireAccounts(p: Platform) {
  const { em, sql, clock, tokens, config, live } = p;
  // API keys resolve from memory; any change to a seller's credentials is announced on the
  // live-event bus so every api instance forgets that seller's cached keys.
  const credentials = new CredentialCache({
    maxEntries: config.AUTH_CACHE_MAX_KEYS,
    ttlMs: config.AUTH_CACHE_TTL_SECONDS * 1_000,
    absentTtlMs: config.AUTH_NEGATIVE_CACHE_SECONDS * 1_000,
  });
  live.onEvent('CREDENTIALS_CHANGED', (e) => credentials.forgetSeller(e.sellerId));
  const announce = (sellerId: string) => {
    credentials.forgetSeller(sellerId);
    live.publish({ topic: 'CREDENTIALS_CHANGED', sellerId, resourceId: sellerId, payload: {} });
  };
  const users = new AnnouncingUserRepository(new MikroUserRepository(em), announce);
  const sellers = new AnnouncingSellerRepository(new MikroSellerRepository(em), announce);
  const twoFactor = new TwoFactorService({ users, totp: new OtplibTotp(), box: p.secretBox, clock, recoveryCodes: new PgRecoveryCodeStore(sql), tokens });
  return {
    sellerRepository: sellers,
    userRepository: users,
    /** For writes outside these repositories that change credentials (erasure revokes keys in SQL). */
    announceCredentialChange: announce,
    identity: new IdentityService({
      users,
      sellers,
      sessions: new CachingSessionRepository(new MikroSessionRepository(em), credentials),
      hasher: new Argon2Hasher(),
      tokens,
      clock,
      sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000,
    }),
    sellers: new SellerOnboardingService({ users, sellers, tokens, clock, mode: config.MODE }),
    twoFactor,
    apiKeys: new ApiKeysService({ keys: new CachingApiKeyRepository(new MikroApiKeyRepository(em, sql), credentials, announce), users, sellers, tokens, twoFactor, clock, mode: config.MODE }),
  };
}

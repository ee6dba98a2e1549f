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
import { AesSecretBox } from '../../infra/security/aes-secret-box';
import { Argon2Hasher } from '../../infra/security/argon2-hasher';
import { OtplibTotp } from '../../infra/security/otplib-totp';
import type { Platform } from './platform';

export function wireAccounts(p: Platform) {
  const { em, sql, clock, tokens, config } = p;
  const users = new MikroUserRepository(em);
  const sellers = new MikroSellerRepository(em);
  const twoFactor = new TwoFactorService({ users, totp: new OtplibTotp(), box: new AesSecretBox(config.APP_SECRET), clock });
  return {
    sellerRepository: sellers,
    userRepository: users,
    identity: new IdentityService({
      users,
      sellers,
      sessions: new MikroSessionRepository(em),
      hasher: new Argon2Hasher(),
      tokens,
      clock,
      sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000,
    }),
    sellers: new SellerOnboardingService({ users, sellers, tokens, clock, mode: config.MODE }),
    twoFactor,
    apiKeys: new ApiKeysService({ keys: new MikroApiKeyRepository(em, sql), users, sellers, tokens, twoFactor, clock, mode: config.MODE }),
  };
}

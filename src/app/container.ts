import { ApiKeysService } from '../domain/accounts/api-keys.service';
import { IdentityService } from '../domain/accounts/identity.service';
import { SellerOnboardingService } from '../domain/accounts/seller-onboarding.service';
import { TwoFactorService } from '../domain/accounts/two-factor.service';
import type { Clock } from '../domain/shared/clock';
import type { LiveEvents } from '../domain/shared/live-events';
import { MikroUnitOfWork } from '../infra/db/unit-of-work';
import {
  MikroApiKeyRepository,
  MikroSellerRepository,
  MikroSessionRepository,
  MikroUserRepository,
} from '../infra/db/account.repositories';
import type { Orm } from '../infra/db/orm';
import type { Logger } from '../infra/log/logger';
import { AesSecretBox } from '../infra/security/aes-secret-box';
import { Argon2Hasher } from '../infra/security/argon2-hasher';
import { CryptoTokens } from '../infra/security/crypto-tokens';
import { OtplibTotp } from '../infra/security/otplib-totp';
import type { Config } from './config';
import type { Services } from './services';

/** The composition root: adapters in, use cases out. */
export function buildServices(config: Config, orm: Orm, logger: Logger, clock: Clock, live: LiveEvents): Services {
  const em = orm.em;
  const uow = new MikroUnitOfWork(em);
  const users = new MikroUserRepository(em);
  const sellers = new MikroSellerRepository(em);
  const tokens = new CryptoTokens();
  const twoFactor = new TwoFactorService({ users, totp: new OtplibTotp(), box: new AesSecretBox(config.APP_SECRET), clock });
  return {
    mode: config.MODE,
    clock,
    live,
    logger,
    startedAt: clock.now(),
    health: {
      database: async () => {
        await em.getConnection().execute('select 1');
        return true;
      },
      // The cache is in-process until a shared store is configured.
      cache: async () => true,
    },
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
    apiKeys: new ApiKeysService({ keys: new MikroApiKeyRepository(em), users, sellers, tokens, twoFactor, clock, mode: config.MODE }),
  };
}

import type { ApiKeysService } from '../domain/accounts/api-keys.service';
import type { IdentityService } from '../domain/accounts/identity.service';
import type { SellerOnboardingService } from '../domain/accounts/seller-onboarding.service';
import type { TwoFactorService } from '../domain/accounts/two-factor.service';
import type { DeploymentMode } from '../domain/accounts/accounts.types';
import type { Clock } from '../domain/shared/clock';
import type { LiveEvents } from '../domain/shared/live-events';
import type { Logger } from '../infra/log/logger';
import type { Platform } from './wiring/platform';

export interface HealthProbe {
  database(): Promise<boolean>;
  cache(): Promise<boolean>;
}

/** Everything the doors need: the use cases and a few platform facts. */
export interface Services {
  mode: DeploymentMode;
  clock: Clock;
  live: LiveEvents;
  logger: Logger;
  startedAt: Date;
  /** Shared plumbing (database, outbox, jobs, idempotency); doors use only `idempotency`. */
  platform: Platform;
  health: HealthProbe;
  identity: IdentityService;
  sellers: SellerOnboardingService;
  twoFactor: TwoFactorService;
  apiKeys: ApiKeysService;
}

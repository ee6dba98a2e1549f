import type { Clock } from '../domain/shared/clock';
import type { LiveEvents } from '../domain/shared/live-events';
import type { Orm } from '../infra/db/orm';
import type { Logger } from '../infra/log/logger';
import type { Config } from './config';
import type { Services } from './services';
import { wireAccounts } from './wiring/accounts';
import { buildPlatform } from './wiring/platform';

/** The composition root: each feature wires its adapters and use cases in src/app/wiring. */
export function buildServices(config: Config, orm: Orm, logger: Logger, clock: Clock, live: LiveEvents): Services {
  const platform = buildPlatform(config, orm, logger, clock, live);
  const accounts = wireAccounts(platform);
  return {
    mode: config.MODE,
    clock,
    live,
    logger,
    startedAt: clock.now(),
    platform,
    health: {
      database: async () => {
        await platform.sql.query('select 1');
        return true;
      },
      // The cache is in-process until a shared store is configured.
      cache: async () => true,
    },
    ...accounts,
  };
}

import type { Clock } from '../domain/shared/clock';
import type { LiveEventFeed, LiveEvents } from '../domain/shared/live-events';
import type { Orm } from '../infra/db/orm';
import type { Logger } from '../infra/log/logger';
import type { Config } from './config';
import type { Services } from './services';
import { wireAccounts } from './wiring/accounts';
import { wireLedger } from './wiring/ledger';
import { wireTransactions } from './wiring/transactions';
import { wireWithdrawals } from './wiring/withdrawals';
import { JwsSigner } from '../infra/pix/jws-signer';
import { buildPlatform } from './wiring/platform';
import { wireWebhooks } from './wiring/webhooks';

/** The composition root: each feature wires its adapters and use cases in src/app/wiring. */
export function buildServices(config: Config, orm: Orm, logger: Logger, clock: Clock, live: LiveEvents & LiveEventFeed): Services {
  const platform = buildPlatform(config, orm, logger, clock, live);
  const accounts = wireAccounts(platform);
  const webhooks = wireWebhooks(platform);
  const ledger = wireLedger(platform, accounts.sellerRepository);
  const transactions = wireTransactions(platform, { ledger: ledger.ledger, postbackGuard: webhooks.webhookTargets });
  const withdrawals = wireWithdrawals(platform, { ledger: ledger.ledger, twoFactor: accounts.twoFactor });
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
    ...webhooks,
    ...ledger,
    ...transactions,
    ...withdrawals,
    pixSigner: new JwsSigner(config.APP_SECRET, `${config.PUBLIC_BASE_URL.replace(/\/$/, '')}/pix/jwks`),
    institutionCallbackSecret: config.INSTITUTION_CALLBACK_SECRET ?? `${config.APP_SECRET}:institution`,
  };
}

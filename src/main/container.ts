import { BoletoPages } from '../domain/boleto/boleto-pages';
import { apiPixTokenCheck } from './wiring/apipix';
import type { ApiPixExchange } from '../infra/apipix/apipix-client';
import { packageVersion } from './package-version';
import { renderBoletoPage } from '../infra/boleto/boleto-page';
import { SandboxActions } from '../domain/sandbox/sandbox-actions';
import { sandboxEndToEndId } from '../infra/institution/sandbox-institution';
import { acceptedSecrets } from './wiring/secret-box';
import type { Clock } from '../domain/shared/clock';
import type { LiveEventFeed, LiveEvents } from '../domain/shared/live-events';
import type { Orm } from '../infra/db/orm';
import type { Logger } from '../infra/log/logger';
import type { Config } from './config';
import type { AppServices } from './app-services';
import { Lifecycle } from '../application/lifecycle';
import { wireAccounts } from './wiring/accounts';
import { wireLedger } from './wiring/ledger';
import { wireDisputes } from './wiring/disputes';
import { wireTransactions } from './wiring/transactions';
import { wireWithdrawals } from './wiring/withdrawals';
import { wireRecurrences } from './wiring/recurrences';
import { ReconciliationReports } from '../domain/reconciliation/reconciliation-reports';
import { JwsSigner } from '../infra/pix/jws-signer';
import { isDatabaseUnavailable } from '../infra/health/database-errors';
import { DependencyOutage } from '../infra/health/dependency-outage';
import { outageAwareLogger } from '../infra/health/outage-aware-logger';
import { buildPlatform } from './wiring/platform';
import { wireWebhooks } from './wiring/webhooks';
import { wireRateLimits } from './wiring/rate-limits';
import { wirePrivacy } from './wiring/privacy';
import { wireRetention } from './wiring/retention';
import { wireCommands } from './wiring/commands';
import { wireMarketplaces } from './wiring/marketplaces';
import { institutionCallbackSecrets } from './wiring/institution-callback';

/** The composition root: each feature wires its adapters and use cases in src/main/wiring. */
export function buildServices(config: Config, orm: Orm, rawLogger: Logger, clock: Clock, live: LiveEvents & LiveEventFeed, hooks: { apiPixObserve?: (exchange: ApiPixExchange) => void } = {}): AppServices {
  // Failures caused by an unreachable database are logged once per outage, not per request or tick.
  let probeDatabase = (): Promise<unknown> => Promise.reject(new Error('not wired yet'));
  const databaseOutage = new DependencyOutage({ name: 'database', logger: rawLogger, matches: isDatabaseUnavailable, probe: () => probeDatabase() });
  const logger = outageAwareLogger(rawLogger, [databaseOutage]);
  const platform = buildPlatform(config, orm, logger, clock, live);
  probeDatabase = () => platform.sql.query('select 1');
  const accounts = wireAccounts(platform);
  const webhooks = wireWebhooks(platform);
  const ledger = wireLedger(platform, accounts.sellerRepository);
  const marketplaces = wireMarketplaces(platform, { sellers: accounts.sellerRepository, ledger: ledger.ledger, debts: ledger.debts });
  const { evidenceObjects, ...disputes } = wireDisputes(platform, { ledger: ledger.ledger, debts: ledger.debts, splits: marketplaces.splitCharges });
  const transactions = wireTransactions(platform, { ledger: ledger.ledger, postbackGuard: webhooks.webhookTargets, protective: disputes.protectiveReports, splits: marketplaces.splitCharges, apiPixObserve: hooks.apiPixObserve });
  const withdrawals = wireWithdrawals(platform, { ledger: ledger.ledger, twoFactor: accounts.twoFactor, apiPix: transactions.apiPix });
  const recurrences = wireRecurrences(platform, {
    transactions: transactions.transactions,
    sellers: accounts.sellerRepository,
    chargeReports: transactions.transactionReports,
    // The sandbox actions are built below: a cycle's charge is paid by the same path as any sandbox payment.
    payCharge: (sellerId, transactionId) => sandbox.payCharge(sellerId, transactionId),
    apiPix: transactions.apiPix,
    applyPix: transactions.apiPix ? transactions.applyPspPix : null,
    callbacks: transactions.apiPixCallbacks,
  });
  const { cacheHealthy, ...rateLimits } = wireRateLimits(platform, orm);
  const privacy = wirePrivacy(platform, { users: accounts.userRepository, credentialsChanged: accounts.announceCredentialChange, external: [evidenceObjects] });
  const { pspSimulator } = transactions;
  const sandbox = new SandboxActions({
    transactions: transactions.transactions,
    withdrawals: withdrawals.withdrawals,
    // On API Pix with the simulator's control API a PIX charge is paid at the PSP; a boleto has no PSP side.
    payNow: async (t, at, paymentDate) => {
      if (t.paymentMethod === 'PIX' && pspSimulator) {
        await pspSimulator.pay(t, paymentDate);
        return undefined;
      }
      return (await transactions.sandboxInstitution.pay(t.id, at, undefined, t.paymentMethod, paymentDate)).transaction;
    },
    medReturn: pspSimulator ? (t) => pspSimulator.medReturn(t) : undefined,
    payoutAtPsp: withdrawals.pspSimulatorPayouts ? (w, outcome, reason) => withdrawals.pspSimulatorPayouts!.settle(w, outcome, reason, clock.now()) : undefined,
    chargeReports: transactions.transactionReports,
    payoutReports: withdrawals.withdrawalReports,
    disputes: disputes.disputeQueries,
    clock,
    randomToken: () => platform.tokens.randomToken(),
    endToEndId: sandboxEndToEndId,
  });
  return {
    mode: config.MODE,
    clock,
    live,
    logger,
    startedAt: clock.now(),
    version: packageVersion(),
    platform,
    metrics: {
      httpTimer: () => platform.metrics.httpDuration.startTimer(),
      render: () => platform.metrics.render(),
      countLiveSubscriptionsWith: (count) => platform.metrics.countLiveSubscriptionsWith(count),
    },
    metricsToken: config.METRICS_TOKEN,
    publicBaseUrl: () => platform.publicAddress.baseUrl,
    health: {
      database: async () => {
        await platform.sql.query('select 1');
        return true;
      },
      cache: cacheHealthy,
      ...(webhooks.webhookRuntime.amqpConnection ? { broker: async () => webhooks.webhookRuntime.amqpConnection!.ready } : {}),
      ...(transactions.apiPix ? { institution: apiPixTokenCheck(transactions.apiPix.tokens) } : {}),
    },
    lifecycle: new Lifecycle(),
    databaseOutage,
    ...accounts,
    ...webhooks,
    ...ledger,
    ...transactions,
    ...withdrawals,
    ...rateLimits,
    ...disputes,
    ...privacy,
    ...wireRetention(platform),
    recurrenceQueries: recurrences.recurrenceQueries,
    ...marketplaces,
    reconciliationReports: new ReconciliationReports(transactions.pspReconciliation, withdrawals.payoutReconciliation),
    boletoPages: new BoletoPages({ findBoleto: (token) => transactions.transactions.findBoleto(token), render: renderBoletoPage }),
    commands: wireCommands(platform, {
      ...transactions,
      ...withdrawals,
      ...rateLimits,
      ...disputes,
      ...privacy,
      ...webhooks,
      ...accounts,
      ...ledger,
      recurrences: recurrences.recurrences,
      recurrenceCycles: recurrences.recurrenceCycles,
      recurrenceCallbacks: recurrences.recurrenceCallbacks,
      ...marketplaces,
      sandbox,
      logger: platform.logger,
    }),
    pixSigner: new JwsSigner(config.APP_SECRET, () => `${platform.publicAddress.baseUrl}/pix/jwks`, acceptedSecrets(config)),
    institutionCallbackSecrets: institutionCallbackSecrets(config),
  };
}

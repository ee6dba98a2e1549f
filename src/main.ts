import 'reflect-metadata';
import { ConfigError, loadConfig } from './main/config';
import { startApplication } from './main/start-application';
import { StartupError } from './main/database';
import { startBanner } from './main/start-banner';
import { limitHeapGrowth } from './main/heap-growth';

limitHeapGrowth();

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await startApplication(config);
  // A person at a terminal gets a short summary; logs (JSON off a terminal) carry the same facts.
  if (process.stdout.isTTY) process.stdout.write(`${startBanner({ url: app.url, publicBaseUrl: app.services.platform.publicAddress.baseUrl, version: app.services.version, config })}\n`);
  let stopping = false;
  const { logger } = app.services;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadlineMs = config.SHUTDOWN_TIMEOUT_MS;
    logger.info({ signal, role: config.ROLE, deadlineMs }, 'shutting down: draining');
    // Past the deadline, exit anyway: unacked messages return to the broker and leases
    // run out, so other instances take over what was left.
    setTimeout(() => {
      logger.error({ deadlineMs }, 'shutdown deadline passed; exiting with work unfinished');
      process.exit(1);
    }, deadlineMs);
    try {
      await app.stop();
      logger.info({ signal }, 'stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((e: unknown) => {
  // Configuration and connection problems are the operator's to fix: say what, not where.
  if (e instanceof ConfigError || e instanceof StartupError) {
    process.stderr.write(`pixpay cannot start: ${e.message}\n`);
  } else {
    process.stderr.write(`pixpay crashed during start-up: ${(e as Error)?.stack ?? String(e)}\n`);
  }
  process.exit(1);
});

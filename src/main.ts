import 'reflect-metadata';
import { ConfigError, loadConfig } from './app/config';
import { startApplication } from './app/application';
import { StartupError } from './app/database';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await startApplication(config);
  // A human-readable pointer beside the JSON logs (stderr keeps stdout pure JSON lines).
  if (app.dashboardUrl) process.stderr.write(`PixPay dashboard: ${app.dashboardUrl}\n`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.services.logger.info({ signal }, 'shutting down');
    await app.stop();
    process.exit(0);
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

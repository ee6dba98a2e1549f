import { Connection } from 'rabbitmq-client';
import { startApplication, type RunningApp } from '../../src/main/start-application';
import { loadConfig } from '../../src/main/config';
import { deleteTopology } from '../../src/infra/amqp/topology';
import { createLogger } from '../../src/infra/log/logger';
import { TEST_AMQP_URL, uniquePrefix } from '../webhooks/support/app';
import { startTestApp, type TestApp } from './app';

/**
 * Two api processes' worth of the service on one database and one broker (under a
 * prefix of their own), as a load balancer would spread a seller's calls.
 */
export async function startTwoApiInstances(name: string): Promise<{ a: TestApp; b: RunningApp; close(): Promise<void> }> {
  const prefix = uniquePrefix(name);
  const a = await startTestApp({ ROLE: 'api', AMQP_URL: TEST_AMQP_URL, AMQP_PREFIX: prefix });
  const b = await startApplication(
    loadConfig({ MODE: 'sandbox', PORT: '0', LOG_LEVEL: 'silent', ROLE: 'api', DATABASE_URL: a.databaseUrl, AMQP_URL: TEST_AMQP_URL, AMQP_PREFIX: prefix }),
    { clock: a.clock, logger: createLogger('silent') },
  );
  return {
    a,
    b,
    close: async () => {
      await b.stop();
      await a.close();
      const conn = new Connection(TEST_AMQP_URL);
      await deleteTopology(conn, prefix);
      await conn.close();
    },
  };
}

import { Client } from 'pg';
import { Connection } from 'rabbitmq-client';
import { afterAll, beforeAll } from 'vitest';
import { deleteTopology } from '../../../src/infra/amqp/topology';
import { createMigratedTestDatabase } from '../../support/database';
import { TEST_AMQP_URL, uniquePrefix } from '../../webhooks/support/app';
import { Receiver } from '../../webhooks/support/receiver';
import { ServiceProcess } from './service-process';

/**
 * For tests that run the service as several processes: a fresh database (and a client
 * on it), a broker prefix of their own, a webhook receiver, and the settings every
 * process shares. Registers its own setup and cleanup hooks.
 */
export function processesFixture(name: string) {
  const prefix = uniquePrefix(name);
  const procs: ServiceProcess[] = [];
  const f = {
    db: undefined as unknown as Awaited<ReturnType<typeof createMigratedTestDatabase>>,
    pg: undefined as unknown as Client,
    receiver: undefined as unknown as Receiver,
    /** Settings of every process: this database, this prefix, webhooks to the receiver. */
    env: () => ({
      DATABASE_URL: f.db.url, DATABASE_POOL_SIZE: '8', AMQP_URL: TEST_AMQP_URL, AMQP_PREFIX: prefix,
      WEBHOOK_ALLOW_HOSTS: f.receiver.allowHosts, WEBHOOK_CA_FILE: f.receiver.caFile, WEBHOOK_POLL_MS: '200',
    }),
    async start(processName: string, env: Record<string, string>): Promise<ServiceProcess> {
      const p = await ServiceProcess.start(processName, { ...f.env(), ...env });
      procs.push(p);
      return p;
    },
  };
  beforeAll(async () => {
    f.db = await createMigratedTestDatabase();
    f.receiver = await Receiver.start();
    f.pg = new Client({ connectionString: f.db.url });
    await f.pg.connect();
  });
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill()));
    await f.pg?.end();
    await f.receiver?.stop();
    await f.db?.drop();
    const conn = new Connection(TEST_AMQP_URL);
    await deleteTopology(conn, prefix);
    await conn.close();
  }, 60_000);
  return f;
}

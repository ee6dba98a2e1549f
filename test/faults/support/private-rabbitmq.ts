import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './free-port';

const SERVER = process.env.RABBITMQ_SERVER_BIN ?? '/usr/lib/rabbitmq/bin/rabbitmq-server';

/**
 * A RabbitMQ node of a test's own: its own node name, AMQP and distribution ports,
 * data directory and cookie, no plugins. Stopping or killing it never touches the
 * shared broker. Restarts keep the data directory (durable queues survive).
 */
export class PrivateRabbitMq {
  private proc?: ChildProcess;
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly distPort: number,
    private readonly nodeName: string,
  ) {}

  static async start(): Promise<PrivateRabbitMq> {
    const dir = mkdtempSync(join(tmpdir(), 'pixpay-rmq-'));
    const [port, distPort] = [await freePort(), await freePort()];
    writeFileSync(join(dir, 'enabled_plugins'), '[].\n');
    writeFileSync(join(dir, 'rabbitmq.conf'), `listeners.tcp.1 = 127.0.0.1:${port}\n`);
    const node = new PrivateRabbitMq(dir, port, distPort, `pixpay-test-${port}@localhost`);
    await node.boot();
    return node;
  }

  get url(): string {
    return `amqp://guest:guest@127.0.0.1:${this.port}`;
  }

  private async boot(): Promise<void> {
    const env = {
      ...process.env,
      HOME: this.dir,
      RABBITMQ_NODENAME: this.nodeName,
      RABBITMQ_NODE_PORT: String(this.port),
      RABBITMQ_DIST_PORT: String(this.distPort),
      RABBITMQ_MNESIA_BASE: join(this.dir, 'mnesia'),
      RABBITMQ_LOG_BASE: join(this.dir, 'log'),
      RABBITMQ_PID_FILE: join(this.dir, 'pid'),
      RABBITMQ_CONFIG_FILE: join(this.dir, 'rabbitmq.conf'),
      RABBITMQ_ENABLED_PLUGINS_FILE: join(this.dir, 'enabled_plugins'),
      RABBITMQ_ADVANCED_CONFIG_FILE: join(this.dir, 'advanced.config'),
      RABBITMQ_CONF_ENV_FILE: join(this.dir, 'rabbitmq-env.conf'),
    };
    this.proc = spawn(SERVER, [], { env, cwd: this.dir, stdio: 'ignore', detached: true });
    const exited = new Promise<never>((_, reject) => this.proc!.once('exit', (code) => reject(new Error(`private RabbitMQ exited (${code}) during boot; see ${this.dir}/log`))));
    exited.catch(() => undefined);
    await Promise.race([waitForPort(this.port, 60_000, 'private RabbitMQ'), exited]);
  }

  /** Stops the node (SIGTERM: the broker's own orderly shutdown) and waits for it to exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => p.once('exit', () => resolve()));
    process.kill(-p.pid!, signal);
    const timer = setTimeout(() => p.exitCode === null && process.kill(-p.pid!, 'SIGKILL'), 20_000);
    await gone;
    clearTimeout(timer);
    this.proc = undefined;
  }

  /** Starts the node again on the same ports and data. */
  async restart(): Promise<void> {
    await this.stop();
    await this.boot();
  }

  async destroy(): Promise<void> {
    await this.stop('SIGKILL').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

import { Client } from 'pg';
import type { Logger } from '../log/logger';
import { OUTBOX_CHANNEL } from './pg-outbox';

/**
 * A dedicated PostgreSQL connection that LISTENs on the outbox channel and calls
 * `onNotify` for every NOTIFY (sent by the outbox writer at commit), so relays in any
 * process wake at once. Reconnects with backoff, and wakes the relay after each
 * (re)connection since notifications sent meanwhile were missed. Only for a real
 * PostgreSQL: the embedded PGlite has a single connection and must not hold one.
 */
export class OutboxListener {
  private client: Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly o: { url: string; logger: Logger; onNotify: () => void; channel?: string },
  ) {}

  start(): void {
    void this.connect(0);
  }

  private async connect(failures: number): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.o.url, connectionTimeoutMillis: 5_000, keepAlive: true });
    client.on('notification', () => this.o.onNotify());
    client.on('error', (err) => this.o.logger.warn({ err }, 'outbox listener connection error'));
    const reconnect = () => {
      if (this.stopped || this.client !== client) return;
      this.client = undefined;
      this.retry = setTimeout(() => void this.connect(failures + 1), Math.min(30_000, 250 * 2 ** Math.min(failures, 7)));
    };
    client.on('end', reconnect);
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${this.o.channel ?? OUTBOX_CHANNEL}`);
      failures = 0;
      this.o.onNotify();
    } catch (err) {
      this.o.logger.warn({ err }, 'outbox listener cannot connect; retrying');
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      if (this.client === client) reconnect();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => undefined);
  }
}

import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';

/** How callbacks misbehave, set through the control API. */
export interface CallbackFaults {
  /** Drop the next N deliveries (never sent); -1 drops all until cleared. */
  dropNext: number;
  /** Wait this long before each delivery. */
  delayMs: number;
  /** Send each delivery twice. */
  duplicate: boolean;
  /** Keep deliveries until `release` (which may send them in reverse order, or as one batch). */
  hold: boolean;
  /** Waits before the retries of a delivery the receiver did not accept (2xx). */
  retryDelaysMs: number[];
}

export const normalCallbacks = (): CallbackFaults => ({ dropNext: 0, delayMs: 0, duplicate: false, hold: false, retryDelaysMs: [1000, 2000, 4000] });

export interface Attempt {
  at: string;
  status?: number;
  error?: string;
}

/** What an API Pix callback carries its items under: `{pix}`, `{recs}` (webhookrec) or `{cobsr}` (webhookcobr). */
export type CallbackKey = 'pix' | 'recs' | 'cobsr';

/** The API Pix's `{pix: [...]}` (or `{recs}`, `{cobsr}`), or a list as is (Banco Inter's banking webhooks). */
export type CallbackBody = Partial<Record<CallbackKey, Record<string, unknown>[]>> | Record<string, unknown>[];

type AnyDelivery = Delivery<CallbackBody>;

const keyOf = (body: CallbackBody): CallbackKey | null => (Array.isArray(body) ? null : (Object.keys(body)[0] as CallbackKey));
const itemsOf = (body: CallbackBody) => (Array.isArray(body) ? body : (body[keyOf(body)!] ?? []));

/** One callback sent (or held, dropped); an API Pix one unless `B` says otherwise. */
export interface Delivery<B extends CallbackBody = { pix: Record<string, unknown>[] }> {
  id: number;
  url: string;
  body: B;
  state: 'pending' | 'held' | 'dropped' | 'delivered' | 'failed';
  attempts: Attempt[];
}

/** The TLS identity the simulator presents to callback receivers, and what it trusts. */
export interface CallbackTls {
  cert: string;
  key: string;
  /** Extra CAs trusted besides the public roots (the simulator's own CA among them). */
  ca: string[];
}

const SUFFIX: Readonly<Record<CallbackKey, string>> = { pix: '/pix', recs: '/rec', cobsr: '/cobr' };

const LOG_LIMIT = 10_000;
const TIMEOUT_MS = 5000;

/** POSTs `{pix: [...]}` to `{webhookUrl}/pix` (and `{recs}`, `{cobsr}` to `/rec`, `/cobr`) (mTLS when https), with retries and the faults asked for. */
export class CallbackSender {
  faults = normalCallbacks();
  private readonly log: AnyDelivery[] = [];
  private held: AnyDelivery[] = [];
  private nextId = 1;
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight = 0;

  constructor(private readonly tls: CallbackTls) {}

  deliveries(): AnyDelivery[] {
    return this.log;
  }

  /** Whether no delivery waits for its moment, a retry or an answer. */
  get idle(): boolean {
    return this.timers.size === 0 && this.inFlight === 0;
  }

  reset(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.log.length = 0;
    this.held = [];
    this.faults = normalCallbacks();
  }

  send(webhookUrl: string, pix: Record<string, unknown>[]): AnyDelivery {
    return this.sendItems(webhookUrl, 'pix', pix);
  }

  /**
   * POSTs `{key: items}` to the webhook's URL with its suffix: `/pix` for `pix`, `/rec` for
   * `recs` (webhookrec), `/cobr` for `cobsr` (webhookcobr). The spec's callbacks are
   * `{$request.body#/webhookUrl}/pix` and the like: appended as text, so a URL ending in
   * `?ignorar=` turns the suffix into a query value.
   */
  sendItems(webhookUrl: string, key: CallbackKey, items: Record<string, unknown>[]): AnyDelivery {
    return this.deliver(`${webhookUrl}${SUFFIX[key]}`, { [key]: items });
  }

  /** POSTs the list as is to the URL as registered (Banco Inter's banking webhooks), with the same faults. */
  sendList(webhookUrl: string, items: Record<string, unknown>[]): AnyDelivery {
    return this.deliver(webhookUrl, items);
  }

  private deliver(url: string, body: CallbackBody): AnyDelivery {
    const delivery: AnyDelivery = { id: this.nextId++, url, body, state: 'pending', attempts: [] };
    this.log.push(delivery);
    if (this.log.length > LOG_LIMIT) this.log.shift();
    if (this.faults.dropNext !== 0) {
      if (this.faults.dropNext > 0) this.faults.dropNext--;
      delivery.state = 'dropped';
      return delivery;
    }
    if (this.faults.hold) {
      delivery.state = 'held';
      this.held.push(delivery);
      return delivery;
    }
    this.schedule(delivery, this.faults.delayMs, 0);
    if (this.faults.duplicate) this.schedule({ ...delivery, id: this.nextId++, attempts: [] }, this.faults.delayMs, 0, true);
    return delivery;
  }

  /** Sends a logged delivery's body again, as a new delivery (a PSP replaying an old notification). */
  replay(id: number): AnyDelivery | undefined {
    const old = this.log.find((d) => d.id === id);
    if (!old) return undefined;
    const again: AnyDelivery = { id: this.nextId++, url: old.url, body: old.body, state: 'pending', attempts: [] };
    this.schedule(again, 0, 0, true);
    return again;
  }

  /** Sends what was held: in arrival order, reversed, or all items in one body per URL. */
  release(order: 'fifo' | 'reverse' | 'batch'): number {
    const held = this.held;
    this.held = [];
    if (order === 'batch') {
      const byUrl = new Map<string, AnyDelivery[]>();
      for (const d of held) byUrl.set(d.url, [...(byUrl.get(d.url) ?? []), d]);
      for (const [url, group] of byUrl) {
        for (const d of group) d.state = 'delivered';
        const items = group.flatMap((d) => itemsOf(d.body));
        const key = keyOf(group[0]!.body);
        const batch: AnyDelivery = { id: this.nextId++, url, body: key === null ? items : { [key]: items }, state: 'pending', attempts: [] };
        this.log.push(batch);
        this.schedule(batch, 0, 0);
      }
      return held.length;
    }
    const list = order === 'reverse' ? [...held].reverse() : held;
    // One after another, so that the receiver sees them in this order.
    let chain = Promise.resolve();
    for (const d of list) {
      d.state = 'pending';
      chain = chain.then(() => this.attempt(d, 0));
    }
    return held.length;
  }

  private schedule(d: AnyDelivery, delayMs: number, retry: number, extra = false): void {
    if (extra) this.log.push(d);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(d, retry);
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt(d: AnyDelivery, retry: number): Promise<void> {
    this.inFlight++;
    const attempt: Attempt = { at: new Date().toISOString() };
    d.attempts.push(attempt);
    try {
      attempt.status = await this.post(d.url, JSON.stringify(d.body));
    } catch (e) {
      attempt.error = (e as Error).message;
    } finally {
      this.inFlight--;
    }
    if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) {
      d.state = 'delivered';
      return;
    }
    const wait = this.faults.retryDelaysMs[retry];
    if (wait === undefined) {
      d.state = 'failed';
      return;
    }
    this.schedule(d, wait, retry + 1);
  }

  private post(url: string, body: string): Promise<number> {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const options: https.RequestOptions = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      timeout: TIMEOUT_MS,
      ...(secure ? { cert: this.tls.cert, key: this.tls.key, ca: [...rootCertificates, ...this.tls.ca] } : {}),
    };
    return new Promise((resolve, reject) => {
      const req = (secure ? https : http).request(target, options, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  }
}

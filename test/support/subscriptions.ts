import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** A graphql-ws client authenticated like a dashboard or an API-key caller; `connected` resolves on ack. */
export function wsClient(app: { url: string }, token?: string): Client & { connected: Promise<void> } {
  let onConnected!: () => void;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const client = createClient({
    url: `${app.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
    // A refused or closed socket already fails each subscription (collect's `failure`);
    // graphql-ws would also print the close event to stderr.
    onNonLazyError: () => undefined,
    on: { connected: () => onConnected() },
  });
  return Object.assign(client, { connected });
}

/**
 * Subscribes and collects results; `next(predicate)` resolves with the first matching
 * result received (already or later), or rejects after timeoutMs.
 */
export function collect<T = any>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const received: T[] = [];
  const waiters: { match: (v: T) => boolean; resolve: (v: T) => void }[] = [];
  let failure: unknown;
  const unsubscribe = client.subscribe<T>(
    { query, variables },
    {
      next: (v) => {
        const data = v.data as T;
        received.push(data);
        for (const w of waiters.splice(0)) (w.match(data) ? w.resolve(data) : waiters.push(w));
      },
      error: (e) => {
        failure = e;
      },
      complete: () => undefined,
    },
  );
  return {
    received,
    get failure() {
      return failure;
    },
    unsubscribe,
    next(match: (v: T) => boolean = () => true, timeoutMs = 5_000): Promise<T> {
      const hit = received.find(match);
      if (hit) return Promise.resolve(hit);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching subscription result within ${timeoutMs} ms; got ${JSON.stringify(received)}`)), timeoutMs);
        waiters.push({ match, resolve: (v) => (clearTimeout(timer), resolve(v)) });
      });
    },
  };
}

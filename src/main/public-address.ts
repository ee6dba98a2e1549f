/** The URL of an address a server listens on (wildcard hosts are reached through loopback). */
export function listenedUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * Where payers' banks and sellers reach this service: PUBLIC_BASE_URL when set,
 * otherwise the address actually listened on (HOST and PORT, known for PORT=0 only
 * once the server listens). BR Code locations and the JWS `jku` are read from here.
 */
export class PublicAddress {
  private url: string;

  constructor(
    private readonly configured: string | undefined,
    host: string,
    port: number,
  ) {
    this.url = trimSlash(configured ?? listenedUrl(host, port));
  }

  get baseUrl(): string {
    return this.url;
  }

  /** Called once the server listens; returns a warning when PUBLIC_BASE_URL points elsewhere. */
  listening(actualUrl: string): string | null {
    if (this.configured === undefined) {
      this.url = trimSlash(actualUrl);
      return null;
    }
    if (sameOrigin(this.url, actualUrl)) return null;
    return `PUBLIC_BASE_URL is ${this.url} but the service listens on ${actualUrl}: BR Codes and QR images point at ${this.url}, so it must reach this service (a proxy, for example)`;
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function sameOrigin(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return x.origin === y.origin && (x.pathname === '/' || x.pathname === '');
  } catch {
    return false;
  }
}

/** The port of an https URL that names none. */
export const HTTPS_PORT = 443;

/** One WEBHOOK_ALLOW_HOSTS entry: a host (lowercase, IPv6 without brackets) and one port. */
export interface AllowedTarget {
  host: string;
  port: number;
}

const bareHost = (host: string) => host.trim().toLowerCase().replace(/^\[|\]$/g, '');

function parsePort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65_535 ? port : null;
}

/**
 * Reads one entry of WEBHOOK_ALLOW_HOSTS: `host:port`, `[IPv6]:port`, or a bare host
 * (`localhost`, `127.0.0.1`, `[::1]`, `::1`), which means port 443 only. The list is by
 * host and port so that an allowed host cannot be probed port by port. Null when the
 * entry is not one of these.
 */
export function parseAllowedTarget(entry: string): AllowedTarget | null {
  const e = entry.trim();
  const bracketed = /^\[([0-9a-f:.]+)\](?::(.*))?$/i.exec(e);
  if (bracketed) {
    const port = bracketed[2] === undefined ? HTTPS_PORT : parsePort(bracketed[2]);
    return port === null ? null : { host: bareHost(bracketed[1]!), port };
  }
  // More than one colon without brackets: an IPv6 literal, on 443.
  if ((e.match(/:/g) ?? []).length > 1) return /^[0-9a-f:.]+$/i.test(e) ? { host: bareHost(e), port: HTTPS_PORT } : null;
  const [host, portText] = e.split(':');
  if (!host || !/^[a-z0-9._-]+$/i.test(host)) return null;
  const port = portText === undefined ? HTTPS_PORT : parsePort(portText);
  return port === null ? null : { host: bareHost(host), port };
}

/** The entries of WEBHOOK_ALLOW_HOSTS (comma-separated), and those that could not be read. */
export function parseAllowList(value: string): { targets: AllowedTarget[]; invalid: string[] } {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const targets: AllowedTarget[] = [];
  const invalid: string[] = [];
  for (const entry of entries) {
    const t = parseAllowedTarget(entry);
    if (t) targets.push(t);
    else invalid.push(entry);
  }
  return { targets, invalid };
}

/** True when the URL's host and port (443 when it names none) are listed together. */
export function isAllowedTarget(targets: readonly AllowedTarget[], url: URL): boolean {
  const host = bareHost(url.hostname);
  const port = url.port === '' ? HTTPS_PORT : Number(url.port);
  return targets.some((t) => t.host === host && t.port === port);
}

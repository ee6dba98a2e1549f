import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { DomainError } from '../../domain/shared/errors';
import { type AllowedTarget, isAllowedTarget } from '../../domain/webhooks/webhook-allow-list';
import type { WebhookTargetGuard } from '../../domain/webhooks/webhooks.ports';

/**
 * Addresses a webhook may never reach (SSRF): everything that is not a public unicast
 * address. IPv6 addresses that carry an IPv4 address (CARRIES_V4) are judged by it.
 */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated, never routed): refused whatever IPv4 it carries
  ['64:ff9b:1::', 48], // NAT64 local use, in a layout other than /96 (CARRIES_V4): the IPv4 part cannot be told
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: refused outright (the client's address is obfuscated in it)
  ['2001:db8::', 32], // documentation
  ['2001:10::', 28], // ORCHID
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blockList = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blockList.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of BLOCKED_V6) blockList.addSubnet(net, prefix, 'ipv6');

type Hextets = readonly number[];
const v4FromHextets = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
const last32 = (h: Hextets) => v4FromHextets(h[6]!, h[7]!);
const subnet = (net: string, prefix: number) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, 'ipv6');
  return list;
};

/**
 * IPv6 ranges that carry an IPv4 address, and where it sits: an address in one of them
 * reaches (through a translator or a tunnel) the IPv4 address it carries, so it is
 * judged by that address. The first match decides.
 */
const CARRIES_V4: { range: BlockList; v4: (h: Hextets) => string }[] = [
  { range: subnet('::ffff:0:0', 96), v4: last32 }, // IPv4-mapped
  { range: subnet('::ffff:0:0:0', 96), v4: last32 }, // IPv4-translated (SIIT, RFC 6145)
  { range: subnet('64:ff9b::', 96), v4: last32 }, // NAT64 well-known prefix
  { range: subnet('64:ff9b:1::', 96), v4: last32 }, // NAT64 local use (RFC 8215), /96 layout
  { range: subnet('2002::', 16), v4: (h) => v4FromHextets(h[1]!, h[2]!) }, // 6to4: 2002:AABB:CCDD::/48
];

function expandV6(address: string): number[] | null {
  // Returns the 8 hextets of an IPv6 address (with an optional dotted IPv4 tail).
  let a = address.toLowerCase();
  const v4tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (v4tail) {
    const parts = v4tail[1]!.split('.').map(Number);
    a = a.slice(0, -v4tail[1]!.length) + `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = a.includes('::') ? 8 - h.length - t.length : 0;
  const all = [...h, ...Array(missing).fill('0'), ...t].map((x) => parseInt(x, 16));
  return all.length === 8 && all.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? all : null;
}

/** True when the address is not a public unicast address. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blockList.check(address, 'ipv4');
  if (family !== 6) return true;
  const bare = address.split('%')[0]!;
  const h = expandV6(bare);
  if (!h) return true;
  const carrier = CARRIES_V4.find((c) => c.range.check(bare, 'ipv6'));
  if (carrier) return isForbiddenAddress(carrier.v4(h));
  return blockList.check(bare, 'ipv6');
}

export interface ResolvedTarget {
  /** The vetted address to connect to; null for an allow-listed host (normal resolution). */
  address: string | null;
  family: 4 | 6 | null;
}

const forbidden = (host: string, why: string) =>
  new DomainError('WEBHOOK_URL_FORBIDDEN', `webhook host ${host} is not allowed: ${why}`, 'VALIDATION', { field: 'url' });

/**
 * Resolves a webhook host and refuses it unless every address it resolves to is
 * public (one bad address is enough to refuse: DNS answers can be mixed on purpose).
 * A host and port listed together on WEBHOOK_ALLOW_HOSTS (webhook-allow-list.ts) skip
 * the address check; they still need HTTPS. Used at registration and, with the
 * returned address pinned for the connection, at every delivery attempt.
 */
export class SsrfGuard implements WebhookTargetGuard {
  constructor(
    private readonly allow: readonly AllowedTarget[],
    private readonly resolve: (host: string) => Promise<{ address: string; family: number }[]> = (host) => lookup(host, { all: true, verbatim: true }),
  ) {}

  isAllowListed(url: URL): boolean {
    return isAllowedTarget(this.allow, url);
  }

  async resolveTarget(url: URL): Promise<ResolvedTarget> {
    if (url.protocol !== 'https:') throw forbidden(url.hostname, 'only https is allowed');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (this.isAllowListed(url)) return { address: null, family: null };
    const literal = isIP(host);
    if (literal) {
      if (isForbiddenAddress(host)) throw forbidden(host, 'it is not a public address');
      return { address: host, family: literal as 4 | 6 };
    }
    if (host.toLowerCase() === 'localhost' || host.toLowerCase().endsWith('.localhost')) throw forbidden(host, 'it is a loopback name');
    let addresses: { address: string; family: number }[];
    try {
      addresses = await this.resolve(host);
    } catch (e) {
      throw new DomainError('WEBHOOK_HOST_UNRESOLVABLE', `webhook host ${host} does not resolve (${(e as NodeJS.ErrnoException).code ?? 'DNS error'})`, 'VALIDATION', { field: 'url' });
    }
    if (addresses.length === 0) throw new DomainError('WEBHOOK_HOST_UNRESOLVABLE', `webhook host ${host} does not resolve`, 'VALIDATION', { field: 'url' });
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) throw forbidden(host, `it resolves to ${bad.address}, which is not a public address`);
    const first = addresses[0]!;
    return { address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  async assertAllowed(url: URL): Promise<void> {
    await this.resolveTarget(url);
  }
}

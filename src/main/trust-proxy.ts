import { isIP } from 'node:net';

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string): boolean => {
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For is believed, as Express reads them
 * (`loopback`, `linklocal`, `uniquelocal`, addresses and CIDR ranges, comma-separated).
 * Anything else, `true` and hop counts included, is refused: trusting every hop lets
 * any client choose its own address.
 */
export function parseTrustProxy(value: string): string[] | undefined {
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries.every((e) => NAMES.has(e.toLowerCase()) || isAddressOrRange(e)) ? entries.map((e) => (NAMES.has(e.toLowerCase()) ? e.toLowerCase() : e)) : undefined;
}

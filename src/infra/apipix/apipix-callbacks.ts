import { createHmac, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { PspPix } from '../../domain/transactions/psp-pix';
import type { PspCallbackConfirmations } from '../../domain/transactions/transactions.ports';
import type { ApiPixClient } from './apipix-client';
import { PspProblemError } from './apipix-errors';
import { callbackEndToEndIds, receivedPix } from './received-pix';

/** The secret path segment of our callback URL, derived from a callback secret (so rotating it rotates the URL). */
export function callbackPathToken(secret: string): string {
  return createHmac('sha256', secret).update('apipix-callback-path').digest('base64url');
}

/** `203.0.113.7, 198.51.100.0/24` as a BlockList (used as an allowlist); empty means any address. */
export function addressAllowlist(spec: string): BlockList | null {
  const entries = spec.split(',').map((s) => s.trim()).filter(Boolean);
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(prefix), family);
  }
  return list;
}

export interface ApiPixCallbacksDeps {
  client: Pick<ApiPixClient, 'call'>;
  /** INSTITUTION_CALLBACK_SECRET and, while rotating, the accepted one. */
  secrets: readonly string[];
  allowlist: BlockList | null;
}

/**
 * The PSP's callbacks (`POST <our URL>/pix`, body `{pix: [...]}`, batched, maybe repeated):
 * authenticated by the secret in the registered URL and an optional address allowlist, and
 * even then only a hint: each Pix they name is read back from the PSP (`GET /pix/{e2eid}`).
 */
export class ApiPixCallbacks implements PspCallbackConfirmations {
  private readonly tokens: Buffer[];

  constructor(private readonly d: ApiPixCallbacksDeps) {
    this.tokens = d.secrets.map((s) => Buffer.from(callbackPathToken(s)));
  }

  accepts(token: string, address: string | undefined): boolean {
    const given = Buffer.from(token);
    const known = this.tokens.some((t) => t.length === given.length && timingSafeEqual(t, given));
    if (!known) return false;
    if (!this.d.allowlist) return true;
    const ip = address?.replace(/^::ffff:/, '');
    return ip !== undefined && this.d.allowlist.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
  }

  named(body: unknown): string[] {
    return callbackEndToEndIds(body);
  }

  async read(e2eid: string): Promise<PspPix | null> {
    try {
      return receivedPix((await this.d.client.call({ method: 'GET', path: `/pix/${e2eid}`, scopes: ['pix.read'] })).body);
    } catch (e) {
      if (e instanceof PspProblemError && e.status === 404) return null;
      throw e;
    }
  }
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Transaction } from '../../domain/transactions/transaction.types';
import type { ConfirmedPixPayment, PspCallbackConfirmations } from '../../domain/transactions/transactions.ports';
import type { Logger } from '../log/logger';
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
  findByTxid(txid: string): Promise<Transaction | null>;
  /** INSTITUTION_CALLBACK_SECRET and, while rotating, the accepted one. */
  secrets: readonly string[];
  allowlist: BlockList | null;
  logger: Logger;
}

/**
 * The PSP's callbacks (`POST <our URL>/pix`, body `{pix: [...]}`, batched, maybe repeated):
 * authenticated by the secret in the registered URL and an optional address allowlist, and
 * even then only a hint. Each Pix is read back from the PSP (`GET /pix/{e2eid}`); only what
 * the PSP confirms, for a charge of ours with its amount, becomes a report, keyed by the
 * end-to-end id so a repeated callback changes nothing.
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

  /** The payments of this callback that the PSP confirms. */
  async confirm(body: unknown): Promise<{ confirmed: ConfirmedPixPayment[]; ignored: number }> {
    const confirmed: ConfirmedPixPayment[] = [];
    let ignored = 0;
    for (const e2eid of callbackEndToEndIds(body)) {
      const payment = await this.confirmOne(e2eid);
      if (payment) confirmed.push(payment);
      else ignored += 1;
    }
    return { confirmed, ignored };
  }

  private async confirmOne(e2eid: string): Promise<ConfirmedPixPayment | null> {
    let answer: unknown;
    try {
      answer = (await this.d.client.call({ method: 'GET', path: `/pix/${e2eid}`, scopes: ['pix.read'] })).body;
    } catch (e) {
      if (e instanceof PspProblemError && e.status === 404) {
        this.d.logger.warn({ e2eid }, 'a callback named a Pix the PSP does not have; ignored');
        return null;
      }
      throw e;
    }
    const pix = receivedPix(answer);
    const t = pix?.txid ? await this.d.findByTxid(pix.txid) : null;
    if (!pix || !t) {
      this.d.logger.warn({ e2eid, txid: pix?.txid }, 'a Pix without a charge of ours; left for reconciliation');
      return null;
    }
    if (pix.cents !== t.amount) {
      this.d.logger.error({ e2eid, transactionId: t.id, paid: pix.cents, amount: t.amount }, 'a Pix paid another amount than its charge; left for reconciliation');
      return null;
    }
    return { reportId: `apipix-pix:${e2eid}`, transactionId: t.id, status: 'PAID', end2endId: e2eid, paidAt: pix.at.toISOString() };
  }
}

import { randomBytes, timingSafeEqual } from 'node:crypto';

export const SCOPES = [
  'cob.write',
  'cob.read',
  'cobv.write',
  'cobv.read',
  'pix.write',
  'pix.read',
  'webhook.write',
  'webhook.read',
  // PIX Automático: recurrences, their locations, the push requests to the payer's bank, the recurring charges and their webhooks.
  'payloadlocationrec.write',
  'payloadlocationrec.read',
  'rec.write',
  'rec.read',
  'solicrec.write',
  'solicrec.read',
  'cobr.write',
  'cobr.read',
  'webhookrec.write',
  'webhookrec.read',
  'webhookcobr.write',
  'webhookcobr.read',
  // Efí's Pix Envio.
  'pix.send',
  'gn.pix.send.read',
  'gn.balance.read',
  // Banco Inter's API Banking: Pix payments, the statement, the banking webhooks.
  'pagamento-pix.write',
  'pagamento-pix.read',
  'extrato.read',
  'webhook-banking.write',
  'webhook-banking.read',
] as const;

interface Grant {
  expiresAt: number;
  scopes: Set<string>;
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** OAuth2 client-credentials grants: opaque bearer tokens with a lifetime and scopes. */
export class Tokens {
  private readonly grants = new Map<string, Grant>();
  ttlSeconds: number;

  constructor(
    private readonly client: ClientCredentials,
    ttlSeconds: number,
  ) {
    this.ttlSeconds = ttlSeconds;
  }

  authenticates(clientId: string, clientSecret: string): boolean {
    return same(clientId, this.client.clientId) && same(clientSecret, this.client.clientSecret);
  }

  issue(scopes: string[], now: number): { token: string; expiresIn: number } {
    const token = randomBytes(24).toString('base64url');
    this.grants.set(token, { expiresAt: now + this.ttlSeconds * 1000, scopes: new Set(scopes) });
    return { token, expiresIn: this.ttlSeconds };
  }

  /** 'ok', or why the token does not allow the scope. */
  check(token: string, scope: string, now: number): 'ok' | 'invalid' | 'scope' {
    const grant = this.grants.get(token);
    if (!grant) return 'invalid';
    if (grant.expiresAt <= now) {
      this.grants.delete(token);
      return 'invalid';
    }
    return grant.scopes.has(scope) ? 'ok' : 'scope';
  }

  /** Every token issued so far stops working (a fault: "token expired"). */
  expireAll(): void {
    this.grants.clear();
  }
}

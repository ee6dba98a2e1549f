import { createECDH, createPrivateKey, hkdfSync, type KeyObject } from 'node:crypto';
import { CompactSign, exportJWK } from 'jose';

/** P-256 group order: a derived scalar must be below it (and non-zero). */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * ES256 signer for location payloads. The key is derived from APP_SECRET, so every
 * instance signs with the same key without sharing files; its public half is served
 * as a JWKS so payers' banks can verify.
 */
export class JwsSigner {
  private readonly key: KeyObject;
  readonly kid: string;

  constructor(
    appSecret: string,
    /** Read at each signature: the public address may be known only once the server listens. */
    private readonly jwksUrl: () => string,
  ) {
    let d = BigInt(`0x${Buffer.from(hkdfSync('sha256', appSecret, 'pixpay', 'location-jws-es256', 32)).toString('hex')}`);
    d = (d % (P256_ORDER - 1n)) + 1n;
    const dBytes = Buffer.from(d.toString(16).padStart(64, '0'), 'hex');
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(dBytes);
    const pub = ecdh.getPublicKey(); // 0x04 || x || y
    this.key = createPrivateKey({
      key: { kty: 'EC', crv: 'P-256', d: dBytes.toString('base64url'), x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    this.kid = pub.subarray(1, 9).toString('hex');
  }

  sign(payload: Record<string, unknown>): Promise<string> {
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'ES256', kid: this.kid, jku: this.jwksUrl() })
      .sign(this.key);
  }

  async jwks(): Promise<{ keys: Record<string, unknown>[] }> {
    const { d: _private, ...publicJwk } = await exportJWK(this.key);
    return { keys: [{ ...publicJwk, kid: this.kid, alg: 'ES256', use: 'sig' }] };
  }
}

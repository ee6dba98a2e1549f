import { createECDH, createPrivateKey, hkdfSync, type KeyObject } from 'node:crypto';
import { CompactSign, exportJWK } from 'jose';

/** P-256 group order: a derived scalar must be below it (and non-zero). */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

interface DerivedKey {
  key: KeyObject;
  kid: string;
}

/** The P-256 key derived from a secret: the same on every instance, without sharing files. */
function deriveKey(appSecret: string): DerivedKey {
  let d = BigInt(`0x${Buffer.from(hkdfSync('sha256', appSecret, 'pixpay', 'location-jws-es256', 32)).toString('hex')}`);
  d = (d % (P256_ORDER - 1n)) + 1n;
  const dBytes = Buffer.from(d.toString(16).padStart(64, '0'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(dBytes);
  const pub = ecdh.getPublicKey(); // 0x04 || x || y
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: dBytes.toString('base64url'), x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  return { key, kid: pub.subarray(1, 9).toString('hex') };
}

/**
 * ES256 signer for location payloads. The key is derived from APP_SECRET, so every
 * instance signs with the same key without sharing files; its public half is served
 * as a JWKS so payers' banks can verify. During a rotation the JWKS also lists the
 * key of APP_SECRET_ACCEPTED, so payloads signed by either verify while instances roll.
 */
export class JwsSigner {
  private readonly signing: DerivedKey;
  private readonly published: DerivedKey[];

  constructor(
    appSecret: string,
    /** Read at each signature: the public address may be known only once the server listens. */
    private readonly jwksUrl: () => string,
    accepted: readonly string[] = [],
  ) {
    this.signing = deriveKey(appSecret);
    this.published = [this.signing, ...accepted.map(deriveKey)];
  }

  get kid(): string {
    return this.signing.kid;
  }

  sign(payload: Record<string, unknown>): Promise<string> {
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'ES256', kid: this.signing.kid, jku: this.jwksUrl() })
      .sign(this.signing.key);
  }

  async jwks(): Promise<{ keys: Record<string, unknown>[] }> {
    const keys = await Promise.all(
      this.published.map(async ({ key, kid }) => {
        const { d: _private, ...publicJwk } = await exportJWK(key);
        return { ...publicJwk, kid, alg: 'ES256', use: 'sig' };
      }),
    );
    return { keys };
  }
}

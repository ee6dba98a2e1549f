import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../domain/accounts/accounts.ports';

interface BoxKey {
  id: string;
  key: Buffer;
}

const boxKey = (appSecret: string): BoxKey => ({
  id: Buffer.from(hkdfSync('sha256', appSecret, 'pixpay', 'secret-box-key-id', 6)).toString('base64url'),
  key: Buffer.from(hkdfSync('sha256', appSecret, 'pixpay', 'secret-box-v1', 32)),
});

/**
 * AES-256-GCM with keys derived from APP_SECRET (seals) and APP_SECRET_ACCEPTED
 * (opens only, during a rotation). Output `v2.<key id>.<iv>.<tag>.<ciphertext>`;
 * `v1.<iv>.<tag>.<ciphertext>` values written before key ids existed are opened by
 * trying each key (GCM's tag tells a wrong key).
 */
export class AesSecretBox implements SecretBox {
  private readonly current: BoxKey;
  private readonly keys: BoxKey[];

  constructor(appSecret: string, accepted: readonly string[] = []) {
    this.current = boxKey(appSecret);
    this.keys = [this.current, ...accepted.map(boxKey)];
  }

  seal(plain: string) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v2', this.current.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  open(sealed: string) {
    const parts = sealed.split('.');
    if (parts[0] === 'v2' && parts.length === 5) {
      const key = this.keys.find((k) => k.id === parts[1]);
      if (!key) throw new Error(`sealed secret uses key ${parts[1]}, which is neither APP_SECRET nor APP_SECRET_ACCEPTED`);
      return decrypt(key.key, parts[2]!, parts[3]!, parts[4]!);
    }
    if (parts[0] === 'v1' && parts.length === 4) {
      for (const k of this.keys) {
        try {
          return decrypt(k.key, parts[1]!, parts[2]!, parts[3]!);
        } catch {
          // not this key: try the next one
        }
      }
      throw new Error('sealed secret opens with neither APP_SECRET nor APP_SECRET_ACCEPTED');
    }
    throw new Error('sealed secret has an unknown format');
  }

  /** True when the value is sealed with the current APP_SECRET (nothing to re-seal). */
  sealedWithCurrent(sealed: string): boolean {
    return sealed.startsWith(`v2.${this.current.id}.`);
  }
}

function decrypt(key: Buffer, iv: string, tag: string, data: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

import { createHmac, hkdfSync } from 'node:crypto';
import type { CardFingerprinter } from '../../domain/cards/cards.ports';

/**
 * HMAC-SHA256 of the card number under a key derived from APP_SECRET: the same card
 * gives the same fingerprint, and without the key the fingerprint cannot be turned
 * back into a number by trying the (small) space of plausible card numbers.
 */
export class HmacCardFingerprinter implements CardFingerprinter {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'pixpay', 'card-fingerprint', 32));
  }

  fingerprint(number: string): string {
    return `cfp_${createHmac('sha256', this.key).update(number).digest('base64url').slice(0, 32)}`;
  }
}

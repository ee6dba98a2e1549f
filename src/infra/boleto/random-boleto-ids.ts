import { randomBytes, randomInt } from 'node:crypto';
import { createId } from '@paralleldrive/cuid2';
import type { BoletoIds } from '../../domain/boleto/boleto.ports';

export class RandomBoletoIds implements BoletoIds {
  freeField(): string {
    return Array.from({ length: 25 }, () => randomInt(10)).join('');
  }
  printToken(): string {
    return randomBytes(24).toString('base64url');
  }
  transactionId(): string {
    return createId();
  }
}

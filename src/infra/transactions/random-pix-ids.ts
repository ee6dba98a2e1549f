import { randomBytes } from 'node:crypto';
import { createId } from '@paralleldrive/cuid2';
import { buildTxid } from '../../domain/pix/ids';
import type { PixIds } from '../../domain/transactions/transactions.ports';

export class RandomPixIds implements PixIds {
  txid(): string {
    return buildTxid(randomBytes(32));
  }
  locationId(): string {
    return createId();
  }
  transactionId(): string {
    return createId();
  }
}

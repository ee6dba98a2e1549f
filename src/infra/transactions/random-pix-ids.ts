import { randomBytesPooled } from '../shared/random-bytes';
import { derivedTxid, randomTxid } from '../../domain/pix/ids';
import { randomId } from '../shared/random-id';
import type { PixIds } from '../../domain/transactions/transactions.ports';

export class RandomPixIds implements PixIds {
  txid(seed?: string): string {
    return seed === undefined ? randomTxid(randomBytesPooled(26)) : derivedTxid(seed);
  }
  locationId(): string {
    return randomId();
  }
  transactionId(): string {
    return randomId();
  }
}

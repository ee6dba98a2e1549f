import { createHash, randomBytes } from 'node:crypto';
import { createId } from '@paralleldrive/cuid2';
import type { TokenService } from '../../domain/accounts/accounts.ports';

export class CryptoTokens implements TokenService {
  newId() {
    return createId();
  }
  randomToken() {
    return randomBytes(32).toString('base64url');
  }
  digest(token: string) {
    return createHash('sha256').update(token).digest('hex');
  }
}

import argon2 from 'argon2';
import type { PasswordHasher } from '../../domain/accounts/accounts.ports';

/** argon2id with the library's recommended cost (OWASP-level memory hardness). */
export class Argon2Hasher implements PasswordHasher {
  hash(password: string) {
    return argon2.hash(password, { type: argon2.argon2id });
  }
  async verify(hash: string, password: string) {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}

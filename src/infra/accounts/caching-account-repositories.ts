import type { ApiKeyRepository, SellerRepository, SessionRepository, UserRepository } from '../../domain/accounts/accounts.ports';
import type { ApiKey, Seller, Session, User } from '../../domain/accounts/accounts.types';
import type { CredentialCache } from './credential-cache';

/** Tells this instance and every other that a seller's credentials changed. */
export type AnnounceCredentialChange = (sellerId: string) => void;

/** API keys read through the credential cache; revocations and new keys are announced. */
export class CachingApiKeyRepository implements ApiKeyRepository {
  constructor(
    private readonly inner: ApiKeyRepository,
    private readonly cache: CredentialCache,
    private readonly announce: AnnounceCredentialChange,
  ) {}

  async findWithOwnerByHash(keyHash: string) {
    const hit = this.cache.get(keyHash);
    if (hit) return hit;
    if (this.cache.isAbsent(keyHash)) return null;
    const mark = this.cache.mark();
    const found = await this.inner.findWithOwnerByHash(keyHash);
    // Revoked keys are not kept: they are refused, and rarely presented again.
    if (found && !found.apiKey.revokedAt) this.cache.set(keyHash, found, mark);
    // A hash in no row is remembered briefly (credential-cache.ts says why that is safe).
    if (!found) this.cache.setAbsent(keyHash, mark);
    return found;
  }

  listBySeller(sellerId: string) {
    return this.inner.listBySeller(sellerId);
  }

  findById(id: string) {
    return this.inner.findById(id);
  }

  async insert(key: ApiKey) {
    await this.inner.insert(key);
    this.announce(key.sellerId);
  }

  async markUsed(id: string, at: Date) {
    await this.inner.markUsed(id, at);
    this.cache.touch(id, at);
  }

  async revoke(id: string, at: Date) {
    await this.inner.revoke(id, at);
    const key = await this.inner.findById(id);
    if (key) this.announce(key.sellerId);
  }
}

/**
 * Session tokens that are in no row are remembered briefly, as API keys are
 * (credential-cache.ts): a session is created only by signing in, which forgets every
 * absent hash on this instance before the token is handed out; another instance cannot
 * hold an absent entry for it, since nobody could present the token before it existed.
 */
export class CachingSessionRepository implements SessionRepository {
  constructor(
    private readonly inner: SessionRepository,
    private readonly cache: CredentialCache,
  ) {}

  async findByHash(tokenHash: string) {
    if (this.cache.isAbsent(tokenHash)) return null;
    const mark = this.cache.mark();
    const found = await this.inner.findByHash(tokenHash);
    if (!found) this.cache.setAbsent(tokenHash, mark);
    return found;
  }

  async insert(session: Session) {
    await this.inner.insert(session);
    this.cache.forgetAbsent();
  }

  revoke(id: string, at: Date) {
    return this.inner.revoke(id, at);
  }
}

/** Sellers whose updates (KYC approval, rejection, fee plan, name) are announced. */
export class AnnouncingSellerRepository implements SellerRepository {
  constructor(
    private readonly inner: SellerRepository,
    private readonly announce: AnnounceCredentialChange,
  ) {}

  findById(id: string) {
    return this.inner.findById(id);
  }

  insertForUser(seller: Seller, userId: string) {
    return this.inner.insertForUser(seller, userId);
  }

  async update(seller: Seller) {
    await this.inner.update(seller);
    this.announce(seller.id);
  }
}

/** Users whose updates (2FA enabled or disabled, role, linked seller) are announced to their seller's keys. */
export class AnnouncingUserRepository implements UserRepository {
  constructor(
    private readonly inner: UserRepository,
    private readonly announce: AnnounceCredentialChange,
  ) {}

  findById(id: string) {
    return this.inner.findById(id);
  }

  findByEmail(email: string) {
    return this.inner.findByEmail(email);
  }

  insert(user: User) {
    return this.inner.insert(user);
  }

  async update(user: User) {
    await this.inner.update(user);
    if (user.sellerId) this.announce(user.sellerId);
  }

  /** Only the replay guard of TOTP codes moves; the database decides it, not the cached copy. */
  claimTotpStep(userId: string, step: number) {
    return this.inner.claimTotpStep(userId, step);
  }
}

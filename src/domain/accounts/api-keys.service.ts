import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import type { ApiKeyRepository, SellerRepository, TokenService, UserRepository } from './accounts.ports';
import type { ApiKey, DeploymentMode, KeyMode, Principal, User } from './accounts.types';
import { unauthenticated } from './account-errors';
import type { TwoFactorService } from './two-factor.service';

export const KEY_PREFIX: Record<KeyMode, string> = { test: 'sk_test_', live: 'sk_live_' };
export const MAX_ACTIVE_KEYS = 20;

export interface ApiKeysDeps {
  keys: ApiKeyRepository;
  users: UserRepository;
  sellers: SellerRepository;
  tokens: TokenService;
  twoFactor: TwoFactorService;
  clock: Clock;
  mode: DeploymentMode;
}

/** The key mode a deployment accepts: sandbox takes test keys, production live keys. */
export const acceptedKeyMode = (mode: DeploymentMode): KeyMode => (mode === 'sandbox' ? 'test' : 'live');

/** Seller API keys: shown once, stored as a digest, listed by prefix and last 4, revocable. */
export class ApiKeysService {
  constructor(private readonly d: ApiKeysDeps) {}

  /** A new key of a parsed mode (`createApiKey` parses it). */
  async create(user: User, mode: KeyMode): Promise<{ key: string; apiKey: ApiKey }> {
    if (!user.sellerId) throw new DomainError('SELLER_REQUIRED', 'register a seller before creating API keys', 'FORBIDDEN');
    if (mode === 'live' && !this.d.twoFactor.isActive(user)) {
      throw new DomainError('MFA_REQUIRED', 'creating a live API key requires 2FA to be active', 'FORBIDDEN');
    }
    const active = (await this.d.keys.listBySeller(user.sellerId)).filter((k) => !k.revokedAt);
    if (active.length >= MAX_ACTIVE_KEYS) {
      throw new DomainError('TOO_MANY_API_KEYS', `at most ${MAX_ACTIVE_KEYS} active keys per seller`, 'UNPROCESSABLE');
    }
    const key = `${KEY_PREFIX[mode]}${this.d.tokens.randomToken()}`;
    const apiKey: ApiKey = {
      id: this.d.tokens.newId(),
      sellerId: user.sellerId,
      userId: user.id,
      mode,
      prefix: KEY_PREFIX[mode],
      last4: key.slice(-4),
      keyHash: this.d.tokens.digest(key),
      createdAt: this.d.clock.now(),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.d.keys.insert(apiKey);
    return { key, apiKey };
  }

  async list(user: User): Promise<ApiKey[]> {
    if (!user.sellerId) return [];
    return this.d.keys.listBySeller(user.sellerId);
  }

  async revoke(user: User, keyId: string): Promise<ApiKey> {
    const key = await this.d.keys.findById(keyId);
    if (!key || key.sellerId !== user.sellerId) throw new DomainError('API_KEY_NOT_FOUND', 'API key not found', 'NOT_FOUND');
    if (!key.revokedAt) {
      key.revokedAt = this.d.clock.now();
      await this.d.keys.revoke(key.id, key.revokedAt);
    }
    return key;
  }

  /** Resolves a raw key to its principal, or throws UNAUTHENTICATED (also for a wrong-mode key). */
  async authenticate(raw: string): Promise<Principal> {
    const prefix = KEY_PREFIX[acceptedKeyMode(this.d.mode)];
    if (!raw.startsWith(prefix) || raw.length > 200) throw unauthenticated();
    const found = await this.d.keys.findWithOwnerByHash(this.d.tokens.digest(raw));
    if (!found || found.apiKey.revokedAt) throw unauthenticated();
    const { apiKey, user, seller } = found;
    const now = this.d.clock.now();
    // Last-used is informative; writing it at most once a minute keeps reads cheap.
    if (!apiKey.lastUsedAt || now.getTime() - apiKey.lastUsedAt.getTime() > 60_000) {
      apiKey.lastUsedAt = now;
      await this.d.keys.markUsed(apiKey.id, now);
    }
    return { kind: 'apiKey', apiKey, user, seller };
  }
}

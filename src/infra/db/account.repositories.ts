import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  ApiKeyRepository,
  SellerRepository,
  SessionRepository,
  UserRepository,
} from '../../domain/accounts/accounts.ports';
import type { ApiKey, Seller, Session, User } from '../../domain/accounts/accounts.types';
import { DomainError } from '../../domain/shared/errors';
import { ApiKeySchema, SellerSchema, SessionSchema, UserSchema } from './entities/accounts.schemas';

/**
 * Each call works on a fresh fork of the entity manager: these aggregates are small
 * and read far more than written, so no identity map is kept across calls.
 */
export class MikroUserRepository implements UserRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: string) {
    return this.em.fork().findOne(UserSchema, { id });
  }
  findByEmail(email: string) {
    return this.em.fork().findOne(UserSchema, { email });
  }
  async insert(user: User) {
    try {
      await this.em.fork().insert(UserSchema, user);
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) {
        throw new DomainError('EMAIL_TAKEN', 'an account with this e-mail exists', 'CONFLICT');
      }
      throw e;
    }
  }
  async update(user: User) {
    const { id, ...rest } = user;
    await this.em.fork().nativeUpdate(UserSchema, { id }, rest);
  }
  async claimTotpStep(userId: string, step: number) {
    const n = await this.em
      .fork()
      .nativeUpdate(UserSchema, { id: userId, $or: [{ totpLastStep: null }, { totpLastStep: { $lt: step } }] }, { totpLastStep: step });
    return n === 1;
  }
}

export class MikroSellerRepository implements SellerRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: string) {
    return this.em.fork().findOne(SellerSchema, { id });
  }
  async insertForUser(seller: Seller, userId: string) {
    await this.em.fork().transactional(async (em) => {
      await em.insert(SellerSchema, seller);
      const linked = await em.nativeUpdate(UserSchema, { id: userId, sellerId: null }, { sellerId: seller.id });
      if (linked !== 1) throw new DomainError('SELLER_ALREADY_REGISTERED', 'this user already has a seller', 'CONFLICT');
    });
  }
  async update(seller: Seller) {
    const { id, ...rest } = seller;
    await this.em.fork().nativeUpdate(SellerSchema, { id }, rest);
  }
}

export class MikroApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly em: EntityManager) {}

  findByHash(keyHash: string) {
    return this.em.fork().findOne(ApiKeySchema, { keyHash });
  }
  findById(id: string) {
    return this.em.fork().findOne(ApiKeySchema, { id });
  }
  listBySeller(sellerId: string) {
    return this.em.fork().find(ApiKeySchema, { sellerId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }
  async insert(key: ApiKey) {
    await this.em.fork().insert(ApiKeySchema, key);
  }
  async markUsed(id: string, at: Date) {
    await this.em.fork().nativeUpdate(ApiKeySchema, { id }, { lastUsedAt: at });
  }
  async revoke(id: string, at: Date) {
    await this.em.fork().nativeUpdate(ApiKeySchema, { id, revokedAt: null }, { revokedAt: at });
  }
}

export class MikroSessionRepository implements SessionRepository {
  constructor(private readonly em: EntityManager) {}

  findByHash(tokenHash: string) {
    return this.em.fork().findOne(SessionSchema, { tokenHash });
  }
  async insert(session: Session) {
    await this.em.fork().insert(SessionSchema, session);
  }
  async revoke(id: string, at: Date) {
    await this.em.fork().nativeUpdate(SessionSchema, { id, revokedAt: null }, { revokedAt: at });
  }
}


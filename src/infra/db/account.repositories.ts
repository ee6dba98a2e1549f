import { UniqueConstraintViolationException, type ForkOptions } from '@mikro-orm/core';
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
import type { Sql } from './sql';

/** Columns of the one-read authentication query, prefixed by table. */
interface KeyOwnerRow {
  k_id: string; k_seller_id: string; k_user_id: string; k_mode: ApiKey['mode']; k_prefix: string; k_last4: string; k_key_hash: string;
  k_created_at: Date; k_last_used_at: Date | null; k_revoked_at: Date | null;
  u_id: string; u_email: string; u_password_hash: string; u_role: User['role']; u_seller_id: string | null; u_totp_secret_enc: string | null;
  u_totp_enabled_at: Date | null; u_totp_last_step: string | number | null; u_created_at: Date;
  s_id: string; s_name: string; s_document_type: Seller['documentType']; s_document_number: string; s_kyc_status: Seller['kycStatus'];
  s_fee_plan: Seller['feePlan']; s_created_at: Date;
}

/**
 * An entity manager whose forks stay inside `em`'s transaction: the repositories below
 * fork on every call, so this is how several of their writes commit together.
 */
export function joiningTransaction(em: EntityManager): EntityManager {
  return new Proxy(em, {
    get(target, prop) {
      if (prop === 'fork') return (options?: ForkOptions) => target.fork({ ...options, keepTransactionContext: true });
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

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
  /** `sql` serves the authentication read, which every API call makes, without the query builder's cost. */
  constructor(
    private readonly em: EntityManager,
    private readonly sql: Sql,
  ) {}

  async findWithOwnerByHash(keyHash: string) {
    const rows = await this.sql.query<KeyOwnerRow>(
      `select k.id k_id, k.seller_id k_seller_id, k.user_id k_user_id, k.mode k_mode, k.prefix k_prefix, k.last4 k_last4,
              k.key_hash k_key_hash, k.created_at k_created_at, k.last_used_at k_last_used_at, k.revoked_at k_revoked_at,
              u.id u_id, u.email u_email, u.password_hash u_password_hash, u.role u_role, u.seller_id u_seller_id,
              u.totp_secret_enc u_totp_secret_enc, u.totp_enabled_at u_totp_enabled_at, u.totp_last_step u_totp_last_step, u.created_at u_created_at,
              s.id s_id, s.name s_name, s.document_type s_document_type, s.document_number s_document_number,
              s.kyc_status s_kyc_status, s.fee_plan s_fee_plan, s.created_at s_created_at
       from api_keys k join users u on u.id = k.user_id join sellers s on s.id = k.seller_id
       where k.key_hash = ?`,
      [keyHash],
    );
    const r = rows[0];
    if (!r) return null;
    const date = (v: Date | string | null) => (v === null ? null : new Date(v));
    return {
      apiKey: { id: r.k_id, sellerId: r.k_seller_id, userId: r.k_user_id, mode: r.k_mode, prefix: r.k_prefix, last4: r.k_last4, keyHash: r.k_key_hash, createdAt: date(r.k_created_at)!, lastUsedAt: date(r.k_last_used_at), revokedAt: date(r.k_revoked_at) },
      user: {
        id: r.u_id, email: r.u_email, passwordHash: r.u_password_hash, role: r.u_role, sellerId: r.u_seller_id, totpSecretEnc: r.u_totp_secret_enc,
        totpEnabledAt: date(r.u_totp_enabled_at), totpLastStep: r.u_totp_last_step === null ? null : Number(r.u_totp_last_step), createdAt: date(r.u_created_at)!,
      },
      seller: { id: r.s_id, name: r.s_name, documentType: r.s_document_type, documentNumber: r.s_document_number, kycStatus: r.s_kyc_status, feePlan: r.s_fee_plan, createdAt: date(r.s_created_at)! },
    };
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


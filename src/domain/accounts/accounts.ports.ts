import type { ApiKey, Seller, Session, User } from './accounts.types';

export interface UserRepository {
  findById(id: string): Promise<User | null>;
  findByEmail(email: string): Promise<User | null>;
  /** Inserts; throws DomainError EMAIL_TAKEN when the e-mail exists. */
  insert(user: User): Promise<void>;
  update(user: User): Promise<void>;
  /** Sets totpLastStep only if it is lower than step; false when the step was already used. */
  claimTotpStep(userId: string, step: number): Promise<boolean>;
}

export interface SellerRepository {
  findById(id: string): Promise<Seller | null>;
  /** Inserts the seller and links it to the user in one transaction. */
  insertForUser(seller: Seller, userId: string): Promise<void>;
  update(seller: Seller): Promise<void>;
}

export interface ApiKeyRepository {
  /** The key with its owner and seller, in one read: this is on every API call's path. */
  findWithOwnerByHash(keyHash: string): Promise<{ apiKey: ApiKey; user: User; seller: Seller } | null>;
  listBySeller(sellerId: string): Promise<ApiKey[]>;
  findById(id: string): Promise<ApiKey | null>;
  insert(key: ApiKey): Promise<void>;
  markUsed(id: string, at: Date): Promise<void>;
  revoke(id: string, at: Date): Promise<void>;
}

export interface SessionRepository {
  findByHash(tokenHash: string): Promise<Session | null>;
  insert(session: Session): Promise<void>;
  revoke(id: string, at: Date): Promise<void>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** Random material and one-way digests of high-entropy tokens. */
export interface TokenService {
  newId(): string;
  /** A URL-safe random token of at least 256 bits. */
  randomToken(): string;
  /** A fast one-way digest; fine for high-entropy tokens (never for passwords). */
  digest(token: string): string;
}

/** Symmetric encryption of small secrets at rest (TOTP seeds). */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export interface Totp {
  generateSecret(): string;
  keyUri(account: string, issuer: string, secret: string): string;
  /** The matching time step for the code, within the allowed drift, or null. */
  matchStep(secret: string, code: string, at: Date): number | null;
}

/** Digests of a user's unused recovery codes. */
export interface RecoveryCodeStore {
  /** Replaces every code of the user (new enrolment) or removes them all (empty list). */
  replace(userId: string, digests: string[]): Promise<void>;
  /** Removes the code if the user has it; false when it is unknown or already used. Atomic. */
  consume(userId: string, digest: string): Promise<boolean>;
}

import { LRUCache } from 'lru-cache';
import type { ApiKey, Seller, User } from '../../domain/accounts/accounts.types';

export interface KeyOwner {
  apiKey: ApiKey;
  user: User;
  seller: Seller;
}

/** Copies every object a caller could change (structuredClone costs ten times more on this path). */
const copy = (o: KeyOwner): KeyOwner => ({
  apiKey: { ...o.apiKey },
  user: { ...o.user },
  seller: { ...o.seller, feePlan: { ...o.seller.feePlan } },
});

/**
 * API keys resolved to their owner, kept in process so an authenticated call needs no
 * database read. Bounded in entries and age (the age bounds staleness should a change
 * notice be lost). Every change that can affect a principal makes the seller's entries
 * be forgotten; a lookup that was under way when something was forgotten does not store
 * what it read, since it may predate the change.
 *
 * It also remembers, briefly (AUTH_NEGATIVE_CACHE_SECONDS), the hashes that are in no
 * row, so a flood of one bad key costs one lookup per that time. Such an entry may only
 * say "no key has this hash yet", never "this key is refused": a revoked key is not
 * kept here (revocation has its own path). A key can come to have that hash only by
 * being created, and creating a key is a credential change: it forgets every absent
 * hash on this instance before the key is shown, and on every other instance when the
 * announcement arrives. Until it arrives, the key cannot be presented elsewhere: its
 * 256 random bits are shown only once it is stored, so no one presented it before
 * (which is what an absent entry would need). A lookup under way during a change does
 * not store its absence either.
 */
export class CredentialCache {
  private readonly lru: LRUCache<string, KeyOwner> | null;
  private readonly absent: LRUCache<string, true> | null;
  private generation = 0;

  constructor(o: { maxEntries: number; ttlMs: number; absentTtlMs?: number }) {
    this.lru = o.maxEntries > 0 && o.ttlMs > 0 ? new LRUCache<string, KeyOwner>({ max: o.maxEntries, ttl: o.ttlMs, ttlAutopurge: false }) : null;
    const absentTtlMs = o.absentTtlMs ?? 0;
    this.absent = o.maxEntries > 0 && absentTtlMs > 0 ? new LRUCache<string, true>({ max: o.maxEntries, ttl: absentTtlMs, ttlAutopurge: false }) : null;
  }

  /** True when a recent lookup found no key with this hash. */
  isAbsent(keyHash: string): boolean {
    return this.absent?.get(keyHash) === true;
  }

  /** Remembers that no key has this hash, unless a credential changed since `mark`. */
  setAbsent(keyHash: string, mark: number): void {
    if (this.absent && mark === this.generation) this.absent.set(keyHash, true);
  }

  /** A copy, so a caller that changes its principal cannot change the cached one. */
  get(keyHash: string): KeyOwner | undefined {
    const hit = this.lru?.get(keyHash);
    return hit && copy(hit);
  }

  /** Marks the start of a lookup: pass the mark to `set`. */
  mark(): number {
    return this.generation;
  }

  set(keyHash: string, owner: KeyOwner, mark: number): void {
    if (this.lru && mark === this.generation) this.lru.set(keyHash, copy(owner));
  }

  /** Keeps a cached key's last-used time in step with the database. */
  touch(keyId: string, at: Date): void {
    for (const owner of this.lru?.values() ?? []) if (owner.apiKey.id === keyId) owner.apiKey.lastUsedAt = at;
  }

  /** A credential was created: no hash is absent any more (lookups under way do not store theirs). */
  forgetAbsent(): void {
    this.generation++;
    this.absent?.clear();
  }

  /** A seller's credentials changed (a key created or revoked, ...): its keys and every absent hash are forgotten. */
  forgetSeller(sellerId: string): void {
    this.forgetAbsent();
    if (!this.lru) return;
    for (const [hash, owner] of this.lru.entries()) if (owner.seller.id === sellerId) this.lru.delete(hash);
  }

  get size(): number {
    return this.lru?.size ?? 0;
  }
}

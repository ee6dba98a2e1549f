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
 */
export class CredentialCache {
  private readonly lru: LRUCache<string, KeyOwner> | null;
  private generation = 0;

  constructor(o: { maxEntries: number; ttlMs: number }) {
    this.lru = o.maxEntries > 0 && o.ttlMs > 0 ? new LRUCache<string, KeyOwner>({ max: o.maxEntries, ttl: o.ttlMs, ttlAutopurge: false }) : null;
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

  forgetSeller(sellerId: string): void {
    this.generation++;
    if (!this.lru) return;
    for (const [hash, owner] of this.lru.entries()) if (owner.seller.id === sellerId) this.lru.delete(hash);
  }

  get size(): number {
    return this.lru?.size ?? 0;
  }
}

import { describe, expect, it } from 'vitest';
import type { ApiKeyRepository, SessionRepository } from '../../domain/accounts/accounts.ports';
import type { Session } from '../../domain/accounts/accounts.types';
import { CachingApiKeyRepository, CachingSessionRepository } from './caching-account-repositories';
import { CredentialCache, type KeyOwner } from './credential-cache';

function owner(keyId: string, sellerId: string): KeyOwner {
  const at = new Date('2026-01-01T00:00:00Z');
  return {
    apiKey: { id: keyId, sellerId, userId: `u-${sellerId}`, mode: 'test', prefix: 'sk_test_', last4: 'abcd', keyHash: `h-${keyId}`, createdAt: at, lastUsedAt: null, revokedAt: null },
    user: { id: `u-${sellerId}`, email: 'a@example.com', passwordHash: 'x', role: 'USER', sellerId, totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null, createdAt: at },
    seller: { id: sellerId, name: 'Loja', documentType: 'CPF', documentNumber: '00000000000', kycStatus: 'APPROVED', feePlan: { pixInBasisPoints: 99, pixInFixedCents: 0, pixInMinimumCents: 1, withdrawalFixedCents: 100 }, createdAt: at },
  };
}

function setup(o: { ttlMs?: number; maxEntries?: number; absentTtlMs?: number } = {}) {
  const rows = new Map<string, KeyOwner>([['h-k1', owner('k1', 's1')], ['h-k2', owner('k2', 's2')]]);
  const reads: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  const inner: ApiKeyRepository = {
    async findWithOwnerByHash(hash) {
      reads.push(hash);
      const found = rows.get(hash);
      await gate;
      return found ? structuredClone(found) : null;
    },
    listBySeller: async () => [],
    findById: async (id) => [...rows.values()].find((r) => r.apiKey.id === id)?.apiKey ?? null,
    insert: async () => undefined,
    markUsed: async () => undefined,
    async revoke(id, at) {
      for (const r of rows.values()) if (r.apiKey.id === id) r.apiKey.revokedAt = at;
    },
  };
  const cache = new CredentialCache({ maxEntries: o.maxEntries ?? 100, ttlMs: o.ttlMs ?? 60_000, absentTtlMs: o.absentTtlMs ?? 0 });
  const announced: string[] = [];
  const repo = new CachingApiKeyRepository(inner, cache, (sellerId) => {
    announced.push(sellerId);
    cache.forgetSeller(sellerId);
  });
  return { rows, reads, cache, repo, announced, hold: (p: Promise<void>) => (gate = p) };
}

describe('CachingApiKeyRepository: hashes in no row', () => {
  it('a repeated unknown hash costs one read while it is remembered', async () => {
    const { repo, reads } = setup({ absentTtlMs: 60_000 });
    for (let i = 0; i < 50; i++) expect(await repo.findWithOwnerByHash('h-bad')).toBeNull();
    expect(reads).toEqual(['h-bad']);
  });

  it('creating a key (here or announced from another instance) forgets every absent hash: the new key works at once', async () => {
    const { repo, reads, rows, cache } = setup({ absentTtlMs: 60_000 });
    expect(await repo.findWithOwnerByHash('h-new')).toBeNull();
    rows.set('h-new', owner('new', 's1'));
    await repo.insert(rows.get('h-new')!.apiKey);
    expect((await repo.findWithOwnerByHash('h-new'))?.apiKey.id).toBe('new');
    expect(await repo.findWithOwnerByHash('h-other')).toBeNull();
    rows.set('h-other', owner('other', 's2'));
    cache.forgetSeller('s2'); // the announcement of a key created on another instance
    expect((await repo.findWithOwnerByHash('h-other'))?.apiKey.id).toBe('other');
    expect(reads).toEqual(['h-new', 'h-new', 'h-other', 'h-other']);
  });

  it('a lookup under way when a credential changes does not remember the hash as absent', async () => {
    const { repo, reads, cache, hold } = setup({ absentTtlMs: 60_000 });
    let release!: () => void;
    hold(new Promise<void>((r) => (release = r)));
    const pending = repo.findWithOwnerByHash('h-late');
    cache.forgetSeller('s1');
    release();
    expect(await pending).toBeNull();
    hold(Promise.resolve());
    await repo.findWithOwnerByHash('h-late');
    expect(reads).toEqual(['h-late', 'h-late']);
  });

  it('is off at 0 seconds', async () => {
    const { repo, reads } = setup({ absentTtlMs: 0 });
    await repo.findWithOwnerByHash('h-bad');
    await repo.findWithOwnerByHash('h-bad');
    expect(reads).toEqual(['h-bad', 'h-bad']);
  });
});

describe('CachingSessionRepository', () => {
  it('a repeated unknown session hash costs one read; signing in forgets it, so the new session works at once', async () => {
    const rows = new Map<string, Session>();
    const reads: string[] = [];
    const inner: SessionRepository = {
      async findByHash(hash) {
        reads.push(hash);
        return rows.get(hash) ?? null;
      },
      insert: async (session) => void rows.set(session.tokenHash, session),
      revoke: async () => undefined,
    };
    const repo = new CachingSessionRepository(inner, new CredentialCache({ maxEntries: 100, ttlMs: 60_000, absentTtlMs: 60_000 }));
    for (let i = 0; i < 10; i++) expect(await repo.findByHash('s-new')).toBeNull();
    const session = { id: 'sess1', userId: 'u1', tokenHash: 's-new' } as Session;
    await repo.insert(session);
    expect(await repo.findByHash('s-new')).toEqual(session);
    expect(reads).toEqual(['s-new', 's-new']);
  });
});

describe('CachingApiKeyRepository', () => {
  it('reads a key from the database once, then from memory', async () => {
    const { repo, reads } = setup();
    expect((await repo.findWithOwnerByHash('h-k1'))?.seller.id).toBe('s1');
    expect((await repo.findWithOwnerByHash('h-k1'))?.seller.id).toBe('s1');
    expect(reads).toEqual(['h-k1']);
  });

  it('looks an unknown key up every time (a key created elsewhere works at once)', async () => {
    const { repo, reads, rows } = setup();
    expect(await repo.findWithOwnerByHash('h-new')).toBeNull();
    rows.set('h-new', owner('new', 's1'));
    expect((await repo.findWithOwnerByHash('h-new'))?.apiKey.id).toBe('new');
    expect(reads).toEqual(['h-new', 'h-new']);
  });

  it('hands out copies: a caller changing its principal does not change the cached one', async () => {
    const { repo } = setup();
    const first = (await repo.findWithOwnerByHash('h-k1'))!;
    first.seller.kycStatus = 'REJECTED';
    expect((await repo.findWithOwnerByHash('h-k1'))!.seller.kycStatus).toBe('APPROVED');
  });

  it('a revocation announces the seller, whose keys are then read again (and refused), while other sellers stay cached', async () => {
    const { repo, reads, announced } = setup();
    await repo.findWithOwnerByHash('h-k1');
    await repo.findWithOwnerByHash('h-k2');
    await repo.revoke('k1', new Date());
    expect(announced).toEqual(['s1']);
    expect((await repo.findWithOwnerByHash('h-k1'))?.apiKey.revokedAt).toBeInstanceOf(Date);
    await repo.findWithOwnerByHash('h-k2');
    expect(reads).toEqual(['h-k1', 'h-k2', 'h-k1']);
  });

  it('does not store what a lookup read if a change was announced while it was under way', async () => {
    const { repo, reads, cache, hold } = setup();
    let release!: () => void;
    hold(new Promise<void>((r) => (release = r)));
    const pending = repo.findWithOwnerByHash('h-k1');
    cache.forgetSeller('s1');
    release();
    await pending;
    hold(Promise.resolve());
    await repo.findWithOwnerByHash('h-k1');
    expect(reads).toEqual(['h-k1', 'h-k1']);
  });

  it('is bounded in entries and in age, and off when either bound is 0', async () => {
    const small = setup({ maxEntries: 1 });
    await small.repo.findWithOwnerByHash('h-k1');
    await small.repo.findWithOwnerByHash('h-k2');
    await small.repo.findWithOwnerByHash('h-k1');
    expect(small.reads).toEqual(['h-k1', 'h-k2', 'h-k1']);
    expect(small.cache.size).toBe(1);

    const off = setup({ ttlMs: 0 });
    await off.repo.findWithOwnerByHash('h-k1');
    await off.repo.findWithOwnerByHash('h-k1');
    expect(off.reads).toEqual(['h-k1', 'h-k1']);
  });

  it('keeps the cached last-used time in step with markUsed', async () => {
    const { repo } = setup();
    await repo.findWithOwnerByHash('h-k1');
    const at = new Date('2026-02-02T00:00:00Z');
    await repo.markUsed('k1', at);
    expect((await repo.findWithOwnerByHash('h-k1'))!.apiKey.lastUsedAt).toEqual(at);
  });
});

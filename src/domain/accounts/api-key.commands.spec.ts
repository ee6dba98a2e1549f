import { describe, expect, it, vi } from 'vitest';
import { apiKeyCommands } from './api-key.commands';
import type { ApiKey, User } from './accounts.types';

const user = { id: 'u1', sellerId: 's1' } as User;
const at = new Date('2026-01-01T00:00:00Z');
const key: ApiKey = { id: 'k1', sellerId: 's1', userId: 'u1', mode: 'test', prefix: 'sk_test_', last4: 'abcd', keyHash: 'digest', createdAt: at, lastUsedAt: null, revokedAt: null };

describe('apiKeyCommands', () => {
  it('createApiKey parses the mode and answers the key once, without its digest', async () => {
    const create = vi.fn(async () => ({ key: 'sk_test_xyzabcd', apiKey: key }));
    const r = await apiKeyCommands({ apiKeys: { create, revoke: vi.fn() } }).createApiKey({ user, input: { mode: 'test' } });
    expect(create).toHaveBeenCalledWith(user, 'test');
    expect(r).toEqual({
      replayed: false,
      view: { key: 'sk_test_xyzabcd', apiKey: { id: 'k1', mode: 'test', prefix: 'sk_test_', last4: 'abcd', createdAt: at.toISOString(), lastUsedAt: null, revokedAt: null } },
    });
  });

  it.each([[{ mode: 'prod' }], [{}], [null]])('%j -> 400 INVALID_KEY_MODE before anything is created', async (input) => {
    const create = vi.fn();
    await expect(apiKeyCommands({ apiKeys: { create, revoke: vi.fn() } }).createApiKey({ user, input })).rejects.toMatchObject({
      code: 'INVALID_KEY_MODE',
      message: 'mode must be test or live',
    });
    expect(create).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { twoFactorCommands } from './two-factor.commands';
import type { User } from './accounts.types';

const user = { id: 'u1', email: 'a@example.com', role: 'SELLER', totpEnabledAt: null, createdAt: new Date('2026-01-01T00:00:00Z') } as unknown as User;

describe('twoFactorCommands', () => {
  it('each code goes through the brute-force guard of the user and the address', async () => {
    const attempt = vi.fn(async (_kind: string, _subject: unknown, run: () => Promise<unknown>) => run());
    const confirm = vi.fn(async (u: User) => ({ ...u, totpEnabledAt: new Date() }));
    const disable = vi.fn(async (u: User) => u);
    const commands = twoFactorCommands({ twoFactor: { enrol: vi.fn(), confirm, disable }, abuseLimits: { attempt: attempt as never } });
    const r = await commands.confirmTwoFactor({ user, code: '123456', address: '10.0.0.1' });
    expect(attempt).toHaveBeenCalledWith('totp', { user: 'u1', address: '10.0.0.1' }, expect.any(Function));
    expect(confirm).toHaveBeenCalledWith(user, '123456');
    expect(r).toEqual({ replayed: false, view: { id: 'u1', email: 'a@example.com', role: 'SELLER', twoFactorEnabled: true, createdAt: '2026-01-01T00:00:00.000Z' } });
    await commands.disableTwoFactor({ user, code: '654321', address: '10.0.0.2' });
    expect(attempt).toHaveBeenLastCalledWith('totp', { user: 'u1', address: '10.0.0.2' }, expect.any(Function));
    expect(disable).toHaveBeenCalledWith(user, '654321');
  });

  it('a refused guess is the guard\'s error; the service is not called', async () => {
    const refused = Object.assign(new Error('too many attempts'), { code: 'TOO_MANY_ATTEMPTS' });
    const confirm = vi.fn();
    const commands = twoFactorCommands({ twoFactor: { enrol: vi.fn(), confirm, disable: vi.fn() }, abuseLimits: { attempt: (async () => Promise.reject(refused)) as never } });
    await expect(commands.confirmTwoFactor({ user, code: '123456', address: 'a' })).rejects.toBe(refused);
    expect(confirm).not.toHaveBeenCalled();
  });
});

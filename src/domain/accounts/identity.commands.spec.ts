import { describe, expect, it, vi } from 'vitest';
import { identityCommands } from './identity.commands';
import type { User } from './accounts.types';

const user = { id: 'u1', email: 'a@example.com', role: 'USER', totpEnabledAt: null, createdAt: new Date('2026-01-01T00:00:00Z') } as unknown as User;
const userAnswer = { id: 'u1', email: 'a@example.com', role: 'USER', twoFactorEnabled: false, createdAt: '2026-01-01T00:00:00.000Z' };
const passThrough = async (_kind: string, _subject: unknown, run: () => Promise<unknown>) => run();

describe('identityCommands', () => {
  it('logIn counts the attempt against the e-mail and the address, and answers the session with the user view', async () => {
    const attempt = vi.fn(passThrough);
    const logIn = vi.fn(async () => ({ token: 'sess_x', expiresAt: new Date('2026-01-02T00:00:00Z'), user }));
    const commands = identityCommands({ identity: { signUp: vi.fn(), logIn, logOut: vi.fn() }, abuseLimits: { attempt: attempt as never } });
    const r = await commands.logIn({ input: { email: 'A@example.com', password: 'pw' }, address: '10.0.0.1' });
    expect(attempt).toHaveBeenCalledWith('login', { user: 'A@example.com', address: '10.0.0.1' }, expect.any(Function));
    expect(logIn).toHaveBeenCalledWith({ email: 'A@example.com', password: 'pw' });
    expect(r).toEqual({ replayed: false, view: { token: 'sess_x', expiresAt: '2026-01-02T00:00:00.000Z', user: userAnswer } });
  });

  it('a refused attempt is the guard\'s error; the password is not checked', async () => {
    const refused = Object.assign(new Error('too many attempts'), { code: 'RATE_LIMITED' });
    const logIn = vi.fn();
    const commands = identityCommands({ identity: { signUp: vi.fn(), logIn, logOut: vi.fn() }, abuseLimits: { attempt: (async () => Promise.reject(refused)) as never } });
    await expect(commands.logIn({ input: { email: 'a@example.com', password: 'pw' }, address: 'a' })).rejects.toBe(refused);
    expect(logIn).not.toHaveBeenCalled();
  });

  it('signUp answers the user view (never its password hash); logOut revokes the session', async () => {
    const signUp = vi.fn(async () => ({ ...user, passwordHash: 'hash' }));
    const logOut = vi.fn(async () => undefined);
    const commands = identityCommands({ identity: { signUp, logIn: vi.fn(), logOut }, abuseLimits: { attempt: passThrough as never } });
    expect(await commands.signUp({ input: { email: 'a@example.com', password: 'pw' } })).toEqual({ replayed: false, view: userAnswer });
    await commands.logOut({ sessionId: 's1' });
    expect(logOut).toHaveBeenCalledWith('s1');
  });
});

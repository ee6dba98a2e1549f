import { describe, expect, it, vi } from 'vitest';
import { identityCommands } from './identity.commands';
import type { User } from './accounts.types';

const user = { id: 'u1', email: 'a@example.com', role: 'USER', totpEnabledAt: null, createdAt: new Date('2026-01-01T00:00:00Z') } as unknown as User;
const userAnswer = { id: 'u1', email: 'a@example.com', role: 'USER', twoFactorEnabled: false, createdAt: '2026-01-01T00:00:00.000Z' };
const passThrough = async (_kind: string, _subject: unknown, run: () => Promise<unknown>) => run();
const session = async (u: User) => ({ token: 'sess_x', expiresAt: new Date('2026-01-02T00:00:00Z'), user: u });

function commandsWith(o: { attempt?: unknown; verifyPassword?: (c: unknown) => Promise<User>; twoFactorOn?: boolean; proveSignIn?: () => Promise<void> } = {}) {
  const identity = { signUp: vi.fn(), verifyPassword: vi.fn(o.verifyPassword ?? (async () => user)), openSession: vi.fn(session), logOut: vi.fn(async () => undefined) };
  const twoFactor = { isActive: vi.fn(() => o.twoFactorOn ?? false), proveSignIn: vi.fn(o.proveSignIn ?? (async () => undefined)) };
  const attempt = vi.fn((o.attempt ?? passThrough) as typeof passThrough);
  return { identity, twoFactor, attempt, commands: identityCommands({ identity, twoFactor, abuseLimits: { attempt: attempt as never } }) };
}

describe('identityCommands', () => {
  it('logIn counts the password against the canonical e-mail and the address, and answers the session with the user view', async () => {
    const { commands, attempt, identity, twoFactor } = commandsWith();
    const r = await commands.logIn({ input: { email: '  A@example.com ', password: 'pw' }, address: '10.0.0.1' });
    expect(attempt).toHaveBeenCalledWith('login', { user: 'a@example.com', address: '10.0.0.1' }, expect.any(Function));
    expect(identity.verifyPassword).toHaveBeenCalledWith({ email: 'a@example.com', password: 'pw' });
    expect(twoFactor.proveSignIn).not.toHaveBeenCalled();
    expect(r).toEqual({ replayed: false, view: { token: 'sess_x', expiresAt: '2026-01-02T00:00:00.000Z', user: userAnswer } });
  });

  it('with 2FA on, the code goes through the guard of the user and the address before any session opens', async () => {
    const { commands, attempt, twoFactor, identity } = commandsWith({ twoFactorOn: true });
    await commands.logIn({ input: { email: 'a@example.com', password: 'pw', twoFactorCode: '123456' }, address: '10.0.0.1' });
    expect(attempt).toHaveBeenLastCalledWith('totp', { user: 'u1', address: '10.0.0.1' }, expect.any(Function));
    expect(twoFactor.proveSignIn).toHaveBeenCalledWith(user, '123456');
    expect(identity.openSession).toHaveBeenCalledOnce();
  });

  it('a refused code opens no session', async () => {
    const wrong = Object.assign(new Error('wrong'), { code: 'INVALID_MFA_CODE' });
    const { commands, identity } = commandsWith({ twoFactorOn: true, proveSignIn: () => Promise.reject(wrong) });
    await expect(commands.logIn({ input: { email: 'a@example.com', password: 'pw', twoFactorCode: '000000' }, address: 'a' })).rejects.toBe(wrong);
    expect(identity.openSession).not.toHaveBeenCalled();
  });

  it('a refused attempt is the guard\'s error; the password is not checked', async () => {
    const refused = Object.assign(new Error('too many attempts'), { code: 'RATE_LIMITED' });
    const { commands, identity } = commandsWith({ attempt: async () => Promise.reject(refused) });
    await expect(commands.logIn({ input: { email: 'a@example.com', password: 'pw' }, address: 'a' })).rejects.toBe(refused);
    expect(identity.verifyPassword).not.toHaveBeenCalled();
  });

  it('signUp answers the user view (never its password hash); logOut revokes the session', async () => {
    const { commands, identity } = commandsWith();
    identity.signUp.mockResolvedValue({ ...user, passwordHash: 'hash' });
    expect(await commands.signUp({ input: { email: 'a@example.com', password: 'pw' }, address: '10.0.0.1' })).toEqual({ replayed: false, view: userAnswer });
    await commands.logOut({ sessionId: 's1' });
    expect(identity.logOut).toHaveBeenCalledWith('s1');
  });
});

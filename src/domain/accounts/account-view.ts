import type { ApiKey, KeyMode, User } from './accounts.types';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A user as the doors show it: never its password hash nor its TOTP secret. */
export type UserView = { id: string; email: string; role: string; twoFactorEnabled: boolean; createdAt: string };

export const userView = (u: User): UserView => ({
  id: u.id,
  email: u.email,
  role: u.role,
  twoFactorEnabled: u.totpEnabledAt !== null,
  createdAt: u.createdAt.toISOString(),
});

/** An API key by its prefix and last 4 characters; never its digest. */
export type ApiKeyView = { id: string; mode: KeyMode; prefix: string; last4: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };

export const apiKeyView = (k: ApiKey): ApiKeyView => ({
  id: k.id,
  mode: k.mode,
  prefix: k.prefix,
  last4: k.last4,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: iso(k.lastUsedAt),
  revokedAt: iso(k.revokedAt),
});

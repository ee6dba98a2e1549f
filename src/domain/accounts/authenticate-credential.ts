import type { Principal } from './accounts.types';

/** Dashboard session tokens carry this prefix; anything else is an API key. */
export const SESSION_TOKEN_PREFIX = 'sess_';

/** Resolves a bearer credential of either kind, or throws UNAUTHENTICATED. */
export function authenticateCredential(
  d: { identity: { authenticateSession(token: string): Promise<Principal> }; apiKeys: { authenticate(key: string): Promise<Principal> } },
  credential: string,
): Promise<Principal> {
  return credential.startsWith(SESSION_TOKEN_PREFIX) ? d.identity.authenticateSession(credential) : d.apiKeys.authenticate(credential);
}

import type { ApiKeysService } from './api-keys.service';
import type { Principal } from './accounts.types';
import type { IdentityService } from './identity.service';

/** Dashboard session tokens carry this prefix; anything else is an API key. */
export const SESSION_TOKEN_PREFIX = 'sess_';

/** Resolves a bearer credential of either kind, or throws UNAUTHENTICATED. */
export function authenticateCredential(
  d: { identity: Pick<IdentityService, 'authenticateSession'>; apiKeys: Pick<ApiKeysService, 'authenticate'> },
  credential: string,
): Promise<Principal> {
  return credential.startsWith(SESSION_TOKEN_PREFIX) ? d.identity.authenticateSession(credential) : d.apiKeys.authenticate(credential);
}

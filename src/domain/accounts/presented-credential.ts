import { browserSessionToken } from './browser-session';

/** The headers that may carry a credential, as a request presents them. */
export interface CredentialHeaders {
  apiKey?: string | undefined;
  authorization?: string | undefined;
  cookie?: string | undefined;
  csrfToken?: string | undefined;
}

/**
 * True when a request claims a credential, before anything is looked up: an API key
 * header, an Authorization header, or the dashboard's session cookie with its CSRF
 * header. Whether the credential is good is for authentication to say.
 */
export function presentsCredential(h: CredentialHeaders): boolean {
  return Boolean(h.apiKey || h.authorization || browserSessionToken(h.cookie, h.csrfToken));
}

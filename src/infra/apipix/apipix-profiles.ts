/**
 * How each PSP departs from the Central Bank's API Pix, as data (never `if (psp === ...)`
 * in the flow). Every difference names where it came from; docs/operate/going-live.md
 * lists them for operators.
 */
export const APIPIX_PROFILE_NAMES = ['generic', 'efi', 'inter', 'bb', 'sicoob', 'itau'] as const;
export type ApiPixProfileName = (typeof APIPIX_PROFILE_NAMES)[number];

export interface ApiPixProfile {
  /**
   * How the token endpoint takes the client's credentials:
   * `basic`: `Authorization: Basic base64(id:secret)` (RFC 6749 §2.3.1, the spec's default);
   * `form`: `client_id` and `client_secret` as form fields beside `grant_type`.
   */
  tokenAuth: 'basic' | 'form';
  /** The token request's body type; form-urlencoded per RFC 6749 §4.4.2 unless the PSP wants JSON. */
  tokenBody: 'form' | 'json';
  /** Whether the token request names the scopes (some PSPs grant the application's scopes and reject `scope`). */
  sendsScope: boolean;
  /** Query parameters added to every API call (not the token call); values come from settings. */
  extraQuery(settings: { appKey?: string }): Record<string, string>;
  /**
   * What is appended to our callback URL when it is registered. The PSP POSTs to
   * `<registered>/pix` (API Pix, webhook section); Efí instead appends `/pix` to whatever is
   * registered, and documents the `?ignorar=` suffix so that its `/pix` lands in a query value.
   */
  callbackSuffix: string;
  /** Headers sent with `PUT /webhook/{chave}`. */
  webhookHeaders: Record<string, string>;
}

const none = () => ({});

export const APIPIX_PROFILES: Record<ApiPixProfileName, ApiPixProfile> = {
  /** bacen/pix-api openapi.yaml: OAuth2 client credentials (`securitySchemes.OAuth2`), scopes per operation. */
  generic: { tokenAuth: 'basic', tokenBody: 'form', sendsScope: true, extraQuery: none, callbackSuffix: '', webhookHeaders: {} },
  efi: {
    // dev.efipay.com.br/docs/api-pix/credenciais: POST /oauth/token with Basic credentials and
    // the JSON body {"grant_type": "client_credentials"}; the application's scopes are granted.
    tokenAuth: 'basic',
    tokenBody: 'json',
    sendsScope: false,
    extraQuery: none,
    // dev.efipay.com.br/docs/api-pix/webhooks: Efí appends /pix to the registered URL; "?ignorar="
    // turns it into a query value. Without mTLS at our edge, `x-skip-mtls-checking: true` asks
    // Efí not to require it (our URL carries a secret instead, plus an address allowlist).
    callbackSuffix: '?ignorar=',
    webhookHeaders: { 'x-skip-mtls-checking': 'true' },
  },
  // developers.inter.co (API Pix, token): POST /oauth/v2/token, form fields client_id,
  // client_secret, grant_type and scope (space-separated).
  inter: { tokenAuth: 'form', tokenBody: 'form', sendsScope: true, extraQuery: none, callbackSuffix: '', webhookHeaders: {} },
  bb: {
    // developers.bb.com.br (API Pix): Basic credentials at oauth.bb.com.br/oauth/token, and the
    // developer application key as the query parameter gw-dev-app-key on every API call.
    tokenAuth: 'basic',
    tokenBody: 'form',
    sendsScope: true,
    extraQuery: ({ appKey }): Record<string, string> => (appKey ? { 'gw-dev-app-key': appKey } : {}),
    callbackSuffix: '',
    webhookHeaders: {},
  },
  // developers.sicoob.com.br (API Pix): the token endpoint (Keycloak) takes client_id as a form
  // field and authenticates by the client certificate (the secret sent beside it is not needed).
  sicoob: { tokenAuth: 'form', tokenBody: 'form', sendsScope: true, extraQuery: none, callbackSuffix: '', webhookHeaders: {} },
  // devportal.itau.com.br (API Pix Recebimentos): sts.itau.com.br/api/oauth/token with
  // client_id and client_secret as form fields, over mTLS.
  itau: { tokenAuth: 'form', tokenBody: 'form', sendsScope: false, extraQuery: none, callbackSuffix: '', webhookHeaders: {} },
};

import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../src/domain/accounts/browser-session';
import { gql, type Seller, startTestAppWithSeller, type TestApp } from '../support/app';
import { rest } from '../support/rest';

/**
 * Finding 12: REST answers without Cache-Control, the dashboard's CSP open to sockets on
 * any host, the session token in localStorage, and the explorer page without a CSP.
 */
let app: TestApp;
let seller: Seller;
startTestAppWithSeller({}, (a, s) => {
  app = a;
  seller = s;
});

const directives = (csp: string | null) => new Map((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

/** Signs in as the dashboard does: the session in cookies, none in the answer. */
async function cookieLogIn() {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p,cookie:true){ token expiresAt } }', variables: { e: seller.email, p: seller.password } }),
  });
  const body = (await res.json()) as { data: { logIn: { token: string | null } } };
  const setCookies = res.headers.getSetCookie();
  const pair = (name: string) => setCookies.find((c) => c.startsWith(`${name}=`))!.split(';')[0]!;
  return { body, setCookies, cookie: `${pair(SESSION_COOKIE)}; ${pair(CSRF_COOKIE)}`, csrf: pair(CSRF_COOKIE).split('=')[1]! };
}

async function me(headers: Record<string, string>) {
  const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query: '{ me { credential user { email } } }' }) });
  return (await res.json()) as { data?: { me: { credential: string; user: { email: string } } }; errors?: { extensions: { code: string } }[] };
}

describe('finding 12: headers', { timeout: 240_000 }, () => {
  it('REST answers say Cache-Control: no-store, the postback secret first; public ones too; QR images stay cacheable', async () => {
    const secret = await rest(app, 'GET', '/v1/webhooks/postback-secret', { key: seller.apiKey });
    expect(secret.status).toBe(200);
    expect(secret.headers.get('cache-control')).toBe('no-store');
    for (const [path, opts] of [
      ['/balance-statement', { bearer: seller.apiKey }],
      ['/seller-wallet', { bearer: seller.apiKey }],
      ['/api/v1/cobranca/transactions', { key: seller.apiKey }],
      ['/balance-statement', {}],
      ['/health', {}],
    ] as const) {
      expect((await rest(app, 'GET', path, opts)).headers.get('cache-control'), path).toBe('no-store');
    }
    const gqlAnswer = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.apiKey}` }, body: '{"query":"{ me { credential } }"}' });
    expect(gqlAnswer.headers.get('cache-control')).toBe('no-store');
    const charge = await rest(app, 'POST', '/api/v1/cobranca/transactions', { key: seller.apiKey, idempotencyKey: crypto.randomUUID(), body: { amount: 1_000 } });
    const qr = await fetch(String(charge.body.data.pix.qrCode));
    expect(qr.status).toBe(200);
    expect(qr.headers.get('cache-control')).toContain('immutable');
  });

  it('the dashboard may connect to its own origin only (no ws: or wss: to any host), and is never framed', async () => {
    const res = await fetch(`${app.url}/dashboard/`);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('the GraphQL explorer page has a CSP: its own scripts only, its own origin only, never framed', async () => {
    const res = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')?.[0]).toBe("'self'");
    expect(csp.get('script-src')?.slice(1).every((s) => s.startsWith("'sha256-"))).toBe(true);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });
});

describe('finding 12: the dashboard session in an HttpOnly cookie with CSRF protection', { timeout: 240_000 }, () => {
  it('logIn(cookie: true) sets HttpOnly, Secure, SameSite=Strict cookies and answers no token', async () => {
    const { body, setCookies } = await cookieLogIn();
    expect(body.data.logIn.token).toBeNull();
    const session = setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; SameSite=Strict/);
    expect(session).toMatch(/; Path=\//);
    const csrf = setCookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`))!;
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(csrf).toMatch(/; Secure/);
    expect(csrf).toMatch(/; SameSite=Strict/);
  });

  it('the cookie counts only with its CSRF header: without it, or with another, the request is anonymous', async () => {
    const { cookie, csrf } = await cookieLogIn();
    expect((await me({ cookie, [CSRF_HEADER]: csrf })).data?.me).toEqual({ credential: 'session', user: { email: seller.email } });
    expect((await me({ cookie })).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await me({ cookie, [CSRF_HEADER]: `${csrf.slice(0, -2)}xx` })).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    // A cross-site form post cannot add the header; nor can it read the CSRF cookie.
    const form = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: 'query=%7Bme%7Bcredential%7D%7D' });
    expect(form.status).toBeGreaterThanOrEqual(400);
    // The REST door reads the same cookie (the dashboard's evidence downloads), under the same rule.
    expect((await rest(app, 'GET', '/balance-statement', { headers: { cookie, [CSRF_HEADER]: csrf } })).status).toBe(200);
    expect((await rest(app, 'GET', '/balance-statement', { headers: { cookie } })).status).toBe(401);
  });

  it('Bearer session tokens and API keys keep working beside the cookie', async () => {
    expect((await me({ authorization: `Bearer ${seller.session}` })).data?.me.credential).toBe('session');
    expect((await me({ authorization: `Bearer ${seller.apiKey}` })).data?.me.credential).toBe('apiKey');
  });

  it('a subscription socket authenticates by the cookie of its upgrade request with the CSRF token in connectionParams', async () => {
    const { cookie, csrf } = await cookieLogIn();
    const connect = (params: Record<string, string>) =>
      new Promise<string>((resolve) => {
        const client = createClient({
          url: `${app.url.replace(/^http/, 'ws')}/graphql`,
          webSocketImpl: class extends WebSocket {
            constructor(url: string, protocols?: string | string[]) {
              super(url, protocols, { headers: { cookie } });
            }
          },
          connectionParams: params,
          retryAttempts: 0,
          lazy: false,
          onNonLazyError: () => undefined,
          on: {
            connected: () => {
              resolve('connected');
              void client.dispose();
            },
            closed: (e) => resolve(`closed ${(e as { code: number }).code}`),
          },
        });
      });
    expect(await connect({ csrfToken: csrf })).toBe('connected');
    expect(await connect({})).toBe('closed 4403');
  });

  it('logOut ends the session and clears both cookies', async () => {
    const { cookie, csrf } = await cookieLogIn();
    const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: csrf }, body: '{"query":"mutation { logOut }"}' });
    expect(((await res.json()) as { data: { logOut: boolean } }).data.logOut).toBe(true);
    const cleared = res.headers.getSetCookie();
    expect(cleared.find((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toMatch(/Max-Age=0/);
    expect(cleared.find((c) => c.startsWith(`${CSRF_COOKIE}=;`))).toMatch(/Max-Age=0/);
    // The old cookie is anonymous now, and signing in again works despite it.
    expect((await me({ cookie, [CSRF_HEADER]: csrf })).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });
});

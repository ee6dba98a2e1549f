import type { TadaDocumentNode } from 'gql.tada';
import { print } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { saveBlob } from './download';
import { graphqlBody } from './multipart';

/** A GraphQL failure as the API reports it: stable code and its message. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The session lives in an HttpOnly cookie that scripts cannot read: the browser sends it.
 * Beside it the server sets a readable cookie with the session's CSRF token, which every
 * request repeats in a header (and a socket in its connection parameters): that proves the
 * request comes from this page, and its presence tells the page a session may be open.
 * (The names are the server's: src/domain/accounts/browser-session.ts.)
 */
const CSRF_COOKIE = '__Host-pixpay_csrf';
const CSRF_HEADER = 'x-csrf-token';

function readCsrfToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return value.join('=') || null;
  }
  return null;
}

let csrfToken = readCsrfToken();
const listeners = new Set<() => void>();

export const session = {
  /** The open session's CSRF token (not the session's credential), or null when signed out. */
  token: () => csrfToken,
  /** After signing in (the answer set the cookies) or out (null: forget them here too). */
  set(signedIn: string | null) {
    if (!signedIn) document.cookie = `${CSRF_COOKIE}=; Max-Age=0; Path=/; Secure; SameSite=Strict`;
    csrfToken = readCsrfToken();
    resetSocket();
    for (const l of listeners) l();
  },
  /** Re-reads the cookies after a sign-in. */
  refresh() {
    session.set('signed-in');
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

const endpoint = () => new URL('/graphql', location.href).toString();

const csrf = (): Record<string, string> => (csrfToken ? { [CSRF_HEADER]: csrfToken } : {});

/**
 * One query or mutation over HTTP; GraphQL errors become ApiError (the first one).
 * Variables holding a File go as a GraphQL multipart request (the preflight header
 * tells the server it is not a cross-site form post).
 */
export async function request<R, V>(doc: TadaDocumentNode<R, V>, variables?: V): Promise<R> {
  const { body: payload, multipart } = graphqlBody(print(doc), variables);
  let res: Response;
  try {
    res = await fetch(endpoint(), {
      method: 'POST',
      headers: { ...(multipart ? { 'apollo-require-preflight': 'true' } : { 'content-type': 'application/json' }), ...csrf() },
      credentials: 'same-origin',
      body: payload,
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'network');
  }
  const body = (await res.json().catch(() => null)) as ({ data?: R; errors?: { message: string; extensions?: { code?: string } }[] } & RestError) | null;
  const first = body?.errors?.[0];
  if (first) {
    const code = first.extensions?.code ?? 'ERROR';
    if (code === 'UNAUTHENTICATED' && csrfToken) session.set(null);
    throw new ApiError(code, first.message);
  }
  if (body?.erro) throw new ApiError(body.erro, body.mensagem ?? `HTTP ${res.status}`);
  if (!body?.data) throw new ApiError('BAD_RESPONSE', `HTTP ${res.status}`);
  return body.data;
}

/** The REST error format, which the HTTP layer answers with before GraphQL runs (an upload cut off at its limit). */
interface RestError {
  erro?: string;
  mensagem?: string;
}

/** A file the API serves at `path` (evidence downloads), fetched with the session and saved under `name`. */
export async function downloadFile(path: string, name: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(new URL(path, location.href), { headers: csrf(), credentials: 'same-origin' });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'network');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as RestError | null;
    throw new ApiError(body?.erro ?? 'ERROR', body?.mensagem ?? `HTTP ${res.status}`);
  }
  saveBlob(name, await res.blob());
}

let socket: Client | null = null;
function resetSocket() {
  void socket?.dispose();
  socket = null;
}

function ws(): Client {
  if (!socket) {
    const url = endpoint().replace(/^http/, 'ws');
    // The upgrade request carries the session cookie; the CSRF token goes in connection_init.
    socket = createClient({ url, connectionParams: () => ({ csrfToken: csrfToken ?? '' }), retryAttempts: Infinity, lazy: true });
  }
  return socket;
}

/** A live subscription over graphql-ws; returns the function that stops it. */
export function subscribe<R, V>(doc: TadaDocumentNode<R, V>, variables: V, onData: (data: R) => void): () => void {
  return ws().subscribe<R>(
    { query: print(doc), variables: (variables ?? {}) as Record<string, unknown> },
    { next: (msg) => msg.data && onData(msg.data as R), error: () => undefined, complete: () => undefined },
  );
}

/** A fresh idempotency key (UUID v4); works outside secure contexts too. */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

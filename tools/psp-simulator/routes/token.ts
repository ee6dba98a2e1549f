import { Router, type Response } from 'express';
import type { Psp } from '../psp';
import { SCOPES } from '../tokens';

/** RFC 6749 §5.2 error answer. */
function oauthError(res: Response, status: number, error: string, description: string): void {
  if (status === 401) res.set('WWW-Authenticate', 'Basic realm="psp-simulator"');
  res.status(status).set('Cache-Control', 'no-store').json({ error, error_description: description });
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  // RFC 6749 §2.3.1: both parts are form-urlencoded before they are joined.
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

/** `POST /oauth/token`: the client-credentials grant, credentials in a Basic header or as form fields. */
export function tokenRoutes(psp: Psp): Router {
  const router = Router();
  router.post('/oauth/token', (req, res) => {
    if (psp.faults.tokenEndpointDown) return oauthError(res, 503, 'temporarily_unavailable', 'O servidor de autorização está indisponível.');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
    const basic = basicCredentials(req.get('authorization'));
    const id = basic?.id ?? field('client_id');
    const secret = basic?.secret ?? field('client_secret');
    if (id === undefined || secret === undefined || !psp.tokens.authenticates(id, secret)) {
      return oauthError(res, 401, 'invalid_client', 'Credenciais do cliente ausentes ou inválidas.');
    }
    const grant = field('grant_type');
    if (grant === undefined) return oauthError(res, 400, 'invalid_request', 'grant_type é obrigatório.');
    if (grant !== 'client_credentials') return oauthError(res, 400, 'unsupported_grant_type', 'Somente client_credentials.');
    const asked = field('scope')?.split(' ').filter(Boolean) ?? [...SCOPES];
    const unknown = asked.filter((s) => !(SCOPES as readonly string[]).includes(s));
    if (unknown.length > 0) return oauthError(res, 400, 'invalid_scope', `Escopos desconhecidos: ${unknown.join(' ')}`);
    const { token, expiresIn } = psp.tokens.issue(asked, psp.now());
    res.set('Cache-Control', 'no-store').json({ access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: asked.join(' ') });
  });
  return router;
}

import type { NextFunction, Request, Response } from 'express';
import { PixProblem } from '../problem';
import type { Psp } from '../psp';

/** OAuth2 bearer check of an API Pix operation: 401 without a valid token, 403 `AcessoNegado` without the scope. */
export function requireScope(psp: Psp, scope: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const match = /^Bearer ([^\s]+)$/.exec(req.get('authorization') ?? '');
    const verdict = match ? psp.tokens.check(match[1]!, scope, psp.now()) : 'invalid';
    if (verdict === 'invalid') {
      res.set('WWW-Authenticate', 'Bearer error="invalid_token"');
      return next(new PixProblem(401, 'about:blank', 'Unauthorized', 'Token de acesso ausente, inválido ou expirado.'));
    }
    if (verdict === 'scope') return next(new PixProblem(403, 'AcessoNegado', 'Acesso Negado', `O token não tem o escopo ${scope}.`));
    next();
  };
}

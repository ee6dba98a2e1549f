import type { NextFunction, Request, Response } from 'express';
import { assertStorableJson, assertStorableText } from '../../domain/shared/text';

/** Path segments as Express will decode them; a malformed escape is Express's own 400. */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Refuses, with 400 INVALID_TEXT in the path's error format, a path or query string that
 * could not be stored (NUL, control characters, lone surrogates). Runs once per request.
 * Field-specific rules (single-line fields, lengths) stay with each input's parser.
 */
export function storablePathAndQuery(req: Request, _res: Response, next: NextFunction): void {
  try {
    const path = decodedPath(req.path);
    if (path !== null) assertStorableText(path, 'path', true);
    assertStorableJson(req.query, 'query');
    next();
  } catch (e) {
    next(e);
  }
}

/** The same rule for a parsed JSON body (keys included); mounted after the body parser. */
export function storableBody(req: Request, _res: Response, next: NextFunction): void {
  try {
    if (req.body !== undefined) assertStorableJson(req.body, '');
    next();
  } catch (e) {
    next(e);
  }
}

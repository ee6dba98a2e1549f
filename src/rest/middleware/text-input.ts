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
 * Refuses, with 400 INVALID_TEXT in the path's error format, any path, query or JSON
 * body string that could not be stored (NUL, control characters, lone surrogates).
 * Field-specific rules (single-line fields, lengths) stay with each input's parser.
 */
export function storableTextOnly(req: Request, _res: Response, next: NextFunction): void {
  try {
    const path = decodedPath(req.path);
    if (path !== null) assertStorableText(path, 'path', true);
    assertStorableJson(req.query, 'query');
    if (req.body !== undefined) assertStorableJson(req.body, '');
    next();
  } catch (e) {
    next(e);
  }
}

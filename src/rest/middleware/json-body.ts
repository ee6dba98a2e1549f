import express, { type NextFunction, type Request, type Response } from 'express';
import { HttpError } from '../http-error';

const RAW_BODY = Symbol('rawBody');
type WithRawBody = Request & { [RAW_BODY]?: Buffer };

/** The bytes the JSON body was parsed from (signed callbacks verify them, not a re-serialisation). */
export const rawBodyOf = (req: Request): Buffer => (req as WithRawBody)[RAW_BODY] ?? Buffer.alloc(0);

/**
 * JSON bodies only, up to the configured limit. A request with a body must say it is
 * JSON; multipart routes mount their own parser and skip this one.
 */
export function jsonBody(limit: string) {
  const parse = express.json({
    limit,
    strict: true,
    type: ['application/json', 'application/*+json'],
    verify: (req, _res, buf) => {
      (req as WithRawBody)[RAW_BODY] = buf;
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (hasBody && !req.is(['application/json', 'application/*+json', 'multipart/form-data'])) {
      next(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'));
      return;
    }
    parse(req, res, next);
  };
}

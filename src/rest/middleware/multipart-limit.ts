import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import type { Writable } from 'node:stream';
import { HttpError } from '../http-error';

/**
 * The total size of a multipart request (the dispute appeal, through REST or GraphQL),
 * enforced in one place for both doors, before any of them reads the body: a declared
 * length over the limit is refused at once; a streamed body is counted as its reader
 * pulls it (the count starts when the reader pipes the request, so nothing flows
 * before the reader is there), and past the limit the reader is detached, the answer is
 * 413 PAYLOAD_TOO_LARGE and the connection closes instead of draining the rest.
 */
export function multipartLimit(maxBytes: number, answer: ErrorRequestHandler) {
  const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', `the request must have at most ${maxBytes} bytes`);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.is('multipart/form-data')) return next();
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
      closeAfterAnswer(req, res);
      return next(tooLarge());
    }
    let received = 0;
    let counting = false;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) return;
      req.off('data', count);
      req.unpipe();
      req.pause();
      closeAfterAnswer(req, res);
      if (!res.headersSent) answer(tooLarge(), req, res, () => undefined);
    };
    const pipe = req.pipe.bind(req);
    req.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
      if (!counting) {
        counting = true;
        req.on('data', count);
      }
      return pipe(destination as unknown as Writable, options) as unknown as T;
    };
    next();
  };
}

/** The connection closes once the answer is sent, so the rest of a large body is never read. */
function closeAfterAnswer(req: Request, res: Response): void {
  res.setHeader('Connection', 'close');
  res.once('finish', () => setImmediate(() => req.socket?.destroy()));
}

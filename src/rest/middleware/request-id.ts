import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** Every response carries X-Request-Id: the caller's when well formed, else a new one. */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const given = req.header('x-request-id');
  const id = given && WELL_FORMED.test(given) ? given : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}

import type { Request } from 'express';

/** The caller's address (Express resolves X-Forwarded-For only from trusted proxies). */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

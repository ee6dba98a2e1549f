import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';

/**
 * Stops an HTTP server without cutting a request that reached it: stop listening (and
 * nothing more: http.Server#close would also drop connections that were accepted but
 * whose request is not parsed yet), let every in-flight request finish (answers carry
 * `Connection: close` while draining), close connections idle for a whole grace period,
 * and cut what is left only at the deadline.
 */
export async function drainHttpServer(server: Server, o: { idleGraceMs: number; deadlineMs: number }): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  // A connection idle now may be about to carry a request: close idle ones a grace period later, repeatedly.
  const idle = setInterval(() => server.closeIdleConnections(), o.idleGraceMs);
  const force = setTimeout(() => server.closeAllConnections(), o.deadlineMs);
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(force);
  }
}

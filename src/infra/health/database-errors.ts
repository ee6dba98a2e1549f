/** Socket-level failures of the connection to PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATEs that mean "the server is not serving" (class 08, shutdown, starting, too many connections). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg, its pool and the ORM's pool say when there is no usable connection. */
const MESSAGES = /connection terminated|terminating connection|connection error|not queryable|timeout acquiring a connection|timeout exceeded when trying to connect|database system is (starting up|shutting down|in recovery mode)|connect ECONNREFUSED/i;

/**
 * True when an error means PostgreSQL cannot be reached right now (a dependency
 * outage), not that a statement was wrong. Follows `cause` chains (the ORM wraps).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, severity } = e as { code?: unknown; message?: unknown; severity?: unknown };
    // FATAL ends the session: the server refused or dropped the connection.
    if (severity === 'FATAL' || severity === 'PANIC') return true;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08/.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
  }
  return false;
}

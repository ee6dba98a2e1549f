import type { SendOutcome } from './webhooks.ports';

/** The one reason a seller sees for any failure to connect (refused, reset, unreachable, TLS, DNS, ...). */
export const CONNECTION_FAILED = 'CONNECTION_FAILED';

/** Failures without an HTTP status that are our own decisions, told to the seller as they are. */
const OWN_DECISIONS: ReadonlySet<string> = new Set(['ADDRESS_REFUSED', 'INVALID_URL']);

/**
 * The reason recorded on a failed attempt, which the seller reads in the delivery log
 * (REST, GraphQL, dashboard): `HTTP_<status>`, `TIMEOUT`, our own refusals, and
 * otherwise CONNECTION_FAILED. The precise network cause (ECONNREFUSED on one port,
 * ECONNRESET on another) would make the log a port scanner of whatever the URL can
 * name; it goes to the operators' log only. Null for a success.
 */
export function attemptFailureReason(o: SendOutcome): string | null {
  if (o.timedOut) return 'TIMEOUT';
  if (o.statusCode === undefined) return o.error !== undefined && OWN_DECISIONS.has(o.error) ? o.error : CONNECTION_FAILED;
  if (o.statusCode >= 200 && o.statusCode <= 299) return null;
  return `HTTP_${o.statusCode}`;
}

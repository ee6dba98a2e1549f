/**
 * Endpoint health, pure: when a registration whose deliveries all fail becomes FAILING,
 * then DISABLED, and when it is ACTIVE again.
 *
 * - "Failing since" is the first failed attempt after the last success (and after the
 *   last re-enable): every attempt since then failed.
 * - ACTIVE -> FAILING once that lasts `failingAfterMs` (default 24 h); ACTIVE or
 *   FAILING -> DISABLED once it lasts `disableAfterMs` (default 5 days, as Svix and
 *   Stripe do). FAILING -> ACTIVE as soon as an attempt succeeds.
 * - DISABLED stays so until the seller enables it again: no delivery reaches it, so no
 *   success could show it is back.
 */
export const ENDPOINT_STATES = ['ACTIVE', 'FAILING', 'DISABLED'] as const;
export type EndpointState = (typeof ENDPOINT_STATES)[number];

/** Why a state changed (stored in the history, shown to the seller). */
export const ENDPOINT_STATE_REASONS = ['DELIVERIES_FAILING', 'DELIVERIES_FAILED_TOO_LONG', 'DELIVERY_SUCCEEDED', 'ENABLED_BY_SELLER'] as const;
export type EndpointStateReason = (typeof ENDPOINT_STATE_REASONS)[number];

export interface HealthWindows {
  failingAfterMs: number;
  disableAfterMs: number;
}

export const DEFAULT_HEALTH_WINDOWS: HealthWindows = { failingAfterMs: 24 * 3_600_000, disableAfterMs: 5 * 24 * 3_600_000 };

export interface EndpointHealth {
  state: EndpointState;
  /** First failed attempt with no success after it; null when the last attempt succeeded or none was made. */
  failingSince: Date | null;
  /** The reason of the last failed attempt, for the notice. */
  lastError: string | null;
  /** Its last successful attempt, and when its state last changed (a success since then ends FAILING). */
  lastSuccessAt?: Date | null;
  stateChangedAt?: Date | null;
}

export interface StateChange {
  to: EndpointState;
  reason: EndpointStateReason;
  /** A sentence for the seller: what happened and since when. */
  detail: string;
}

/** The change this endpoint's health calls for at `now`, or null. */
export function nextEndpointState(h: EndpointHealth, now: Date, w: HealthWindows): StateChange | null {
  if (h.state === 'DISABLED') return null;
  const recovered = h.failingSince === null || (h.lastSuccessAt != null && h.stateChangedAt != null && h.lastSuccessAt.getTime() >= h.stateChangedAt.getTime());
  if (h.state === 'FAILING' && recovered) return { to: 'ACTIVE', reason: 'DELIVERY_SUCCEEDED', detail: 'a delivery succeeded again' };
  if (h.failingSince === null) return null;
  const failingFor = now.getTime() - h.failingSince.getTime();
  const since = `every attempt failed since ${h.failingSince.toISOString()}${h.lastError ? ` (last error ${h.lastError})` : ''}`;
  if (failingFor >= w.disableAfterMs) return { to: 'DISABLED', reason: 'DELIVERIES_FAILED_TOO_LONG', detail: `${since}; no new deliveries are sent until it is enabled again` };
  if (h.state === 'ACTIVE' && failingFor >= w.failingAfterMs) return { to: 'FAILING', reason: 'DELIVERIES_FAILING', detail: since };
  return null;
}

/** The windows must be positive and failing must come before disabling. */
export function assertHealthWindows(w: HealthWindows): HealthWindows {
  if (!(w.failingAfterMs > 0 && w.disableAfterMs > w.failingAfterMs)) throw new RangeError('the disable window must be longer than the failing window, both positive');
  return w;
}

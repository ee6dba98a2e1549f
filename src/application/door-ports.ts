/**
 * The few process facts the doors use, as the doors see them: the adapters behind them
 * (the load monitor, the database outage tracker, the location signer) live in the
 * composition root, and the facade names none of their types.
 */

export type OverloadReason = 'EVENT_LOOP_LAG' | 'DATABASE_POOL_EXHAUSTED';

/** Load shedding: is this process overloaded right now, and how often is that measured? */
export interface OverloadSignal {
  readonly intervalMs: number;
  overloaded(): OverloadReason | null;
}

/** Requests failing because PostgreSQL is unreachable: answered 503, logged once per outage. */
export interface OutageAbsorber {
  /** True when `err` is the dependency being unreachable (nothing counted or logged). */
  isOutage(err: unknown): boolean;
  /** True when `err` is the dependency being unreachable: counted, and logged if it starts an outage. */
  absorb(err: unknown): boolean;
}

/** Signs the payload a BR Code location serves (JWS), and publishes the keys that verify it. */
export interface LocationSigner {
  sign(payload: Record<string, unknown>): Promise<string>;
  jwks(): Promise<{ keys: Record<string, unknown>[] }>;
}

/**
 * For throughput runs: request budgets far above what a benchmark sends (the limiter
 * still runs and counts every request, so its cost is in the figures; it never
 * refuses one), and load shedding only past bounds a run must not reach, so a busy
 * shared machine does not turn a throughput figure into a count of 503s. The
 * rate-limits benchmark measures shedding on its own.
 */
export const BENCH_BUDGETS = {
  RATE_LIMIT_CREATES: '1000000',
  RATE_LIMIT_READS: '1000000',
  RATE_LIMIT_LISTS: '1000000',
  RATE_LIMIT_WEBHOOKS: '1000000',
  RATE_LIMIT_PUBLIC: '1000000',
  RATE_LIMIT_UNAUTHENTICATED: '1000000',
  OVERLOAD_MAX_LAG_MS: '60000',
  OVERLOAD_MAX_DB_WAITERS: '100000',
};

import { addDays, type CivilDay } from './civil-day';

export const RETRY_POLICIES = ['NONE', 'THREE_IN_SEVEN_DAYS'] as const;
export type RetryPolicy = (typeof RETRY_POLICIES)[number];

/** Our words and the API Pix `politicaRetentativa` they stand for. */
export const RETRY_POLICY_IN_SPEC: Readonly<Record<RetryPolicy, string>> = {
  NONE: 'NAO_PERMITE',
  THREE_IN_SEVEN_DAYS: 'PERMITE_3R_7D',
};

/** `PERMITE_3R_7D`: at most 3 new attempts, within 7 calendar days after the due date, one a day. */
export const RETRY_LIMITS = { maxRetries: 3, withinDays: 7 } as const;

/**
 * The date of the next attempt after a failed one, or null when the policy allows no
 * more. A new attempt must be on a future day (`POST /cobr/{txid}/retentativa/{data}`
 * refuses today or the past), after every earlier attempt (one a day), and no later than
 * 7 days after the due date.
 *
 * @param retriesSoFar the dates of the retries already made (the first attempt on the due date is not one)
 */
export function nextRetryDate(policy: RetryPolicy, dueDate: CivilDay, retriesSoFar: readonly CivilDay[], today: CivilDay): CivilDay | null {
  if (policy === 'NONE' || retriesSoFar.length >= RETRY_LIMITS.maxRetries) return null;
  const lastAttempt = retriesSoFar.reduce((a, b) => (b > a ? b : a), dueDate);
  const after = lastAttempt > today ? lastAttempt : today;
  const candidate = addDays(after, 1);
  return candidate <= addDays(dueDate, RETRY_LIMITS.withinDays) ? candidate : null;
}

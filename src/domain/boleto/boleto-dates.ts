import { validationError } from '../shared/errors';
import { parseIsoDate } from './febraban';

export const BOLETO_LIMITS = {
  /** Without `dueDate`, a boleto is due this many days after today (São Paulo). */
  defaultDueDays: 3,
  /** The latest accepted due date, in days after today. */
  maxDueDays: 180,
  /** An unpaid boleto expires at the end of this many days after its due date. */
  expiresDaysAfterDue: 3,
} as const;

const DAY_MS = 86_400_000;
/** Brasília time, UTC-3 all year since daylight saving ended in 2019. */
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Today's date in São Paulo. */
export const saoPauloToday = (now: Date): string => isoDay(now.getTime() + SAO_PAULO_OFFSET_MS);

export const addDays = (date: string, days: number): string => isoDay(parseIsoDate(date) + days * DAY_MS);

/** Midnight (São Paulo) at the start of the given date, as an instant. */
export const saoPauloMidnight = (date: string): Date => new Date(parseIsoDate(date) - SAO_PAULO_OFFSET_MS);

/** The due date to use (default or given, within bounds) and when the boleto expires unpaid. */
export function boletoDates(requested: string | null, now: Date): { dueDate: string; expiresAt: Date } {
  const today = saoPauloToday(now);
  const latest = addDays(today, BOLETO_LIMITS.maxDueDays);
  const dueDate = requested ?? addDays(today, BOLETO_LIMITS.defaultDueDays);
  if (dueDate < today || dueDate > latest) {
    throw validationError('INVALID_DUE_DATE', `dueDate must be from today (${today}) to ${latest}, São Paulo time`, { field: 'dueDate' });
  }
  return { dueDate, expiresAt: saoPauloMidnight(addDays(dueDate, 1 + BOLETO_LIMITS.expiresDaysAfterDue)) };
}

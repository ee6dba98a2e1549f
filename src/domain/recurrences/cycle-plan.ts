import { addDays, type CivilDay } from './civil-day';
import { cobrWindow, placeInCobrWindow } from './cycle-window';
import { cycleDueDate, cycleIsCovered } from './recurrence-calendar';
import type { Recurrence } from './recurrence.types';
import { RETRY_LIMITS } from './retry-policy';

/** What to do about a recurrence's next cycle, on `today`. */
export type CyclePlan =
  /** Its window is open and its amount known: send its charge. */
  | { kind: 'CREATE'; number: number; dueDate: CivilDay; amount: number }
  /** Its window closed before it was sent (or its variable amount was never set): it is missed. */
  | { kind: 'MISS'; number: number; dueDate: CivilDay; amount: number | null }
  /** Nothing to do before `until` (its window opens then, or the seller has yet to set its amount). */
  | { kind: 'WAIT'; until: CivilDay }
  /** The authorisation covers no further cycle. */
  | { kind: 'END' };

type Planned = Pick<Recurrence, 'calendar' | 'amount' | 'nextCycleAmount'>;

/** The amount of the next cycle: the fixed one, or the one the seller set for it (null until set). */
export const nextCycleAmount = (r: Pick<Recurrence, 'amount' | 'nextCycleAmount'>): number | null => (r.amount.type === 'FIXED' ? r.amount.cents : r.nextCycleAmount);

/** The plan for cycle `number` (1-based) of `r` on `today`. */
export function planCycle(r: Planned, number: number, today: CivilDay): CyclePlan {
  const index = number - 1;
  if (!cycleIsCovered(r.calendar, index)) return { kind: 'END' };
  const dueDate = cycleDueDate(r.calendar, index);
  const amount = nextCycleAmount(r);
  const place = placeInCobrWindow(today, dueDate);
  if (place === 'BEFORE') return { kind: 'WAIT', until: cobrWindow(dueDate).opensOn };
  if (place === 'CLOSED') return { kind: 'MISS', number, dueDate, amount };
  if (amount === null) return { kind: 'WAIT', until: addDays(today, 1) };
  return { kind: 'CREATE', number, dueDate, amount };
}

/** The last day the payer's institution may settle a cycle: its due date, or the last retry day the policy allows. */
export const lastPayableDay = (r: Pick<Recurrence, 'retryPolicy'>, dueDate: CivilDay): CivilDay =>
  r.retryPolicy === 'NONE' ? dueDate : addDays(dueDate, RETRY_LIMITS.withinDays);

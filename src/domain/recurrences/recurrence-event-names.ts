import { RECURRENCE_STATUSES } from './recurrence-status';

/** What happens to a cycle, each an event `RECURRENCE_CYCLE_<WHAT>` carrying the recurrence and the cycle. */
export const CYCLE_EVENTS = ['CREATED', 'PAID', 'FAILED', 'RETRY_SCHEDULED', 'CANCELLED', 'MISSED'] as const;
export type CycleEvent = (typeof CYCLE_EVENTS)[number];

/** `RECURRENCE_<STATUS>` for every status (CREATED included), as the other resources name theirs, then the cycles' events. */
export const RECURRENCE_EVENT_NAMES = [
  ...RECURRENCE_STATUSES.map((s) => `RECURRENCE_${s}` as const),
  ...CYCLE_EVENTS.map((e) => `RECURRENCE_CYCLE_${e}` as const),
];

import { RECURRENCE_STATUSES } from './recurrence-status';

/** `RECURRENCE_<STATUS>` for every status (CREATED included), as the other resources name theirs. */
export const RECURRENCE_EVENT_NAMES = RECURRENCE_STATUSES.map((s) => `RECURRENCE_${s}` as const);

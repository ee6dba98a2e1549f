import { addDays, civilDayAt, daysBetween, startOfCivilDay, type CivilDay } from './civil-day';

/**
 * The sandbox clock of a recurrence (as Stripe's test clocks): the recurrence lives
 * `clockDays` ahead of the real calendar. Moving it ahead only ever adds days, so every
 * rule (the sending window, the retries) reads the recurrence's own today.
 */
export const recurrenceToday = (now: Date, clockDays: number): CivilDay => addDays(civilDayAt(now), clockDays);

/** The real instant when the recurrence's clock reaches the start of `day`. */
export const realStartOf = (day: CivilDay, clockDays: number): Date => startOfCivilDay(addDays(day, -clockDays));

/** The days to add so that the recurrence's today becomes `day`; 0 when it is there or later. */
export const daysUntil = (today: CivilDay, day: CivilDay): number => Math.max(0, daysBetween(today, day));

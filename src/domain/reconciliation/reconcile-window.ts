/** A span of the PSP's clock, both ends included (the API Pix lists `inicio ≤ horario ≤ fim`). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

// Brazil has kept UTC-3 all year since 2019 (no daylight saving time): America/Sao_Paulo is -03:00.
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;
const DAY_MS = 86_400_000;
const CIVIL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The sliding window of a run: from the cursor (how far the list was read) less the overlap,
 * which takes in a Pix the PSP listed late, up to now. Without a cursor (the first run) it
 * reaches back one overlap; the daily sweep covers the days before.
 */
export function slidingWindow(cursor: Date | null, now: Date, overlapMs: number): TimeWindow {
  const start = Math.min(cursor?.getTime() ?? now.getTime(), now.getTime());
  return { from: new Date(start - overlapMs), to: now };
}

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCivilDate(date: string): boolean {
  const m = CIVIL_DATE.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
}

/** A civil day of America/Sao_Paulo as [its first millisecond, the next day's first) in UTC. */
export function civilDay(date: string): { start: Date; end: Date } {
  if (!isCivilDate(date)) throw new RangeError(`not a date: ${JSON.stringify(date)}`);
  const start = Date.parse(`${date}T00:00:00.000Z`) - SAO_PAULO_OFFSET_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/** The civil date (America/Sao_Paulo) of an instant. */
export function civilDateOf(at: Date): string {
  return new Date(at.getTime() + SAO_PAULO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The civil day before the one `now` falls in. */
export function previousCivilDay(now: Date): string {
  return civilDateOf(new Date(now.getTime() - DAY_MS));
}

/** The next civil midnight after `now`, plus `delayMs` (the sweep waits for Pix the PSP lists late). */
export function nextSweepAt(now: Date, delayMs: number): Date {
  return new Date(civilDay(civilDateOf(now)).end.getTime() + delayMs);
}

/**
 * What is left to read of a day: from the cursor (or the day's start) to the day's last
 * millisecond, or to now while the day is not over; null when it has all been read.
 */
export function remainingOfDay(date: string, cursor: Date | null, now: Date): TimeWindow | null {
  const day = civilDay(date);
  const last = Math.min(day.end.getTime() - 1, now.getTime());
  const from = Math.max(day.start.getTime(), cursor?.getTime() ?? 0);
  if (cursor && cursor.getTime() >= day.end.getTime() - 1) return null;
  if (from > last) return null;
  return { from: new Date(from), to: new Date(last) };
}

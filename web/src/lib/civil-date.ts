/** A civil day "YYYY-MM-DD" (a due date, a recurrence's first date) in the locale's short form, never shifted by the time zone. */
export function civilDate(locale: 'pt-BR' | 'en', day: string | null | undefined): string {
  if (!day) return '—';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** Hundredths of a percent (API Pix's two-decimal percentages: 250 is 2.5%) as "2,50%" in pt-BR, "2.50%" in English. */
export function percentFormat(locale: 'pt-BR' | 'en', hundredths: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(hundredths / 10_000);
}

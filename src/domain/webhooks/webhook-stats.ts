import type { Clock } from '../shared/clock';
import { notFound } from '../shared/errors';
import type { WebhookEndpointRepository } from './webhooks.ports';

/** What the store sums over one window of a registration's attempts. */
export interface AttemptTotals {
  attempts: number;
  successes: number;
  /** Latency percentiles in ms; null without attempts. */
  p50LatencyMs: number | null;
  p95LatencyMs: number | null;
}

export interface DailyTotals {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  attempts: number;
  successes: number;
}

export interface WebhookStatsStore {
  totals(sellerId: string, endpointId: string, from: Date, to: Date): Promise<AttemptTotals>;
  daily(sellerId: string, endpointId: string, from: Date, to: Date): Promise<DailyTotals[]>;
  lastError(sellerId: string, endpointId: string): Promise<{ error: string; statusCode: number | null; at: Date } | null>;
}

export interface WindowStats extends AttemptTotals {
  /** successes / attempts, 0..1 with 4 decimals; null without attempts. */
  successRate: number | null;
}

export interface WebhookStats {
  last24h: WindowStats;
  last7d: WindowStats;
  /** One entry per UTC day of the last 7, oldest first, days without attempts included (the chart). */
  daily: DailyTotals[];
  lastError: { error: string; statusCode: number | null; at: Date } | null;
}

const DAY = 86_400_000;

export const successRate = (t: AttemptTotals): number | null => (t.attempts === 0 ? null : Math.round((t.successes / t.attempts) * 10_000) / 10_000);

/** The last 7 UTC days ending with today's, each with its totals (0 where the store has none). */
export function fillDays(now: Date, rows: readonly DailyTotals[]): DailyTotals[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(today - (6 - i) * DAY).toISOString().slice(0, 10);
    const r = byDay.get(day);
    return { day, attempts: r?.attempts ?? 0, successes: r?.successes ?? 0 };
  });
}

/** Per-registration delivery statistics over 24 hours and 7 days, for both doors and the dashboard. */
export class WebhookStatsQuery {
  constructor(private readonly d: { store: WebhookStatsStore; endpoints: Pick<WebhookEndpointRepository, 'find'>; clock: Clock }) {}

  async of(sellerId: string, endpointId: string): Promise<WebhookStats> {
    if (!(await this.d.endpoints.find(sellerId, endpointId))) throw notFound('WEBHOOK_NOT_FOUND', 'no webhook with this id');
    const now = this.d.clock.now();
    const window = async (ms: number): Promise<WindowStats> => {
      const t = await this.d.store.totals(sellerId, endpointId, new Date(now.getTime() - ms), now);
      return { ...t, successRate: successRate(t) };
    };
    const firstDay = fillDays(now, [])[0]!.day;
    return {
      last24h: await window(DAY),
      last7d: await window(7 * DAY),
      daily: fillDays(now, await this.d.store.daily(sellerId, endpointId, new Date(`${firstDay}T00:00:00Z`), now)),
      lastError: await this.d.store.lastError(sellerId, endpointId),
    };
  }
}

import { describe, expect, it } from 'vitest';
import { ManualClock } from '../shared/clock';
import { fillDays, successRate, WebhookStatsQuery, type WebhookStatsStore } from './webhook-stats';

describe('webhook statistics', () => {
  it('success rate: successes over attempts, null without attempts', () => {
    expect(successRate({ attempts: 0, successes: 0, p50LatencyMs: null, p95LatencyMs: null })).toBeNull();
    expect(successRate({ attempts: 3, successes: 2, p50LatencyMs: 1, p95LatencyMs: 1 })).toBe(0.6667);
  });

  it('the chart has the last 7 UTC days, oldest first, empty days at 0', () => {
    const days = fillDays(new Date('2026-03-07T23:59:00Z'), [{ day: '2026-03-05', attempts: 4, successes: 3 }]);
    expect(days.map((d) => d.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07']);
    expect(days[4]).toEqual({ day: '2026-03-05', attempts: 4, successes: 3 });
    expect(days[0]).toEqual({ day: '2026-03-01', attempts: 0, successes: 0 });
  });

  it('asks the store for 24 h and 7 days back from the clock, and 404s an unknown webhook', async () => {
    const asked: string[] = [];
    const store: WebhookStatsStore = {
      totals: async (_s, _e, from, to) => {
        asked.push(`${from.toISOString()}..${to.toISOString()}`);
        return { attempts: 2, successes: 1, p50LatencyMs: 10, p95LatencyMs: 90 };
      },
      daily: async (_s, _e, from) => {
        asked.push(`daily from ${from.toISOString()}`);
        return [];
      },
      lastError: async () => null,
    };
    const clock = new ManualClock(new Date('2026-03-08T12:00:00Z'));
    const q = new WebhookStatsQuery({ store, clock, endpoints: { find: async (_s, id) => (id === 'wh_1' ? ({} as never) : null) } });
    const stats = await q.of('s1', 'wh_1');
    expect(asked).toEqual(['2026-03-07T12:00:00.000Z..2026-03-08T12:00:00.000Z', '2026-03-01T12:00:00.000Z..2026-03-08T12:00:00.000Z', 'daily from 2026-03-02T00:00:00.000Z']);
    expect(stats.last24h).toEqual({ attempts: 2, successes: 1, p50LatencyMs: 10, p95LatencyMs: 90, successRate: 0.5 });
    await expect(q.of('s1', 'wh_2')).rejects.toMatchObject({ code: 'WEBHOOK_NOT_FOUND' });
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problemOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error('accepted');
};

describe('retention settings', () => {
  it('default to 30 days for deliveries and events, a day for sessions, a purge every 10 minutes, vacuum where no autovacuum runs', () => {
    const c = loadConfig({});
    expect(c.RETENTION_WEBHOOK_DELIVERIES).toBe(30 * 86_400_000);
    expect(c.RETENTION_OUTBOX_EVENTS).toBe(30 * 86_400_000);
    expect(c.RETENTION_SESSIONS).toBe(86_400_000);
    expect(c.RETENTION_PURGE_INTERVAL).toBe(600_000);
    expect(c.RETENTION_PURGE_BATCH).toBe(1_000);
    expect(c.RETENTION_VACUUM).toBe('auto');
  });

  it('read durations in seconds, minutes, hours or days', () => {
    const c = loadConfig({ RETENTION_WEBHOOK_DELIVERIES: '90s', RETENTION_OUTBOX_EVENTS: '12h', RETENTION_SESSIONS: '0s', RETENTION_PURGE_INTERVAL: '5m' });
    expect([c.RETENTION_WEBHOOK_DELIVERIES, c.RETENTION_OUTBOX_EVENTS, c.RETENTION_SESSIONS, c.RETENTION_PURGE_INTERVAL]).toEqual([90_000, 43_200_000, 0, 300_000]);
  });

  it.each([
    ['RETENTION_WEBHOOK_DELIVERIES', '30 days'],
    ['RETENTION_WEBHOOK_DELIVERIES', '5s'],
    ['RETENTION_OUTBOX_EVENTS', '3651d'],
    ['RETENTION_PURGE_INTERVAL', '0s'],
    ['RETENTION_PURGE_BATCH', '5'],
    ['RETENTION_VACUUM', 'sometimes'],
  ])('refuse %s=%s with the rule and the value', (name, value) => {
    expect(problemOf({ [name]: value })).toMatch(new RegExp(`^${name} must be .*, got "${value}"`));
  });

  it('refuse the retired WEBHOOK_RETENTION_DAYS, naming what replaced it', () => {
    expect(problemOf({ WEBHOOK_RETENTION_DAYS: '7' })).toContain('RETENTION_WEBHOOK_DELIVERIES and RETENTION_OUTBOX_EVENTS');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registerDatabaseGauges } from '../../src/infra/metrics/database-gauges';
import { Metrics } from '../../src/infra/metrics/metrics';

describe('deploy/grafana/pixpay-dashboard.json', () => {
  it('queries only metrics the service exposes, and shows every one of its own', async () => {
    const dashboard = JSON.parse(readFileSync('deploy/grafana/pixpay-dashboard.json', 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const metrics = new Metrics();
    registerDatabaseGauges(metrics, {} as never, { now: () => new Date() } as never, () => undefined);
    const exposed = new Set((await metrics.registry.getMetricsAsJSON()).map((m) => m.name));
    const used = new Set(
      dashboard.panels.flatMap((p) => p.targets.flatMap((t) => [...t.expr.matchAll(/\b((?:pixpay|nodejs)_[a-z_]+?)(?:_bucket|_count|_sum)?\b(?=[{[)\s])/g)].map((m) => m[1]!))),
    );
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect(exposed.has(name), name).toBe(true);
    for (const name of exposed) if (name.startsWith('pixpay_')) expect(used.has(name), `${name} on the dashboard`).toBe(true);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { serviceNodeArgs } from '../../bench/support/service-node-args';
import { loadConfig } from '../../src/main/config';

/**
 * No container engine runs in CI, so the Dockerfile and the compose file are checked
 * statically: structure, roles, settings, and that every service's environment is a
 * configuration the service accepts.
 */
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as {
  services: Record<string, { image?: string; build?: string; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; healthcheck?: { test: string[] }; ports?: string[] }>;
};
const app = (name: string) => compose.services[name]!;

/** ${VAR:-default} becomes the default; ${VAR:?message} a value that satisfies the setting. */
const substitute = (v: string) =>
  v.replace(/\$\{([A-Z_]+):-([^}]*)\}/g, (_m, _n, d: string) => d).replace(/\$\{([A-Z_]+):\?[^}]*\}/g, (_m, n: string) => (n === 'APP_SECRET' ? 'x'.repeat(64) : 'y'.repeat(32)));

describe('compose.yaml', () => {
  it('runs PostgreSQL, RabbitMQ, Redis, 2 api and 2 worker instances of the one image', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api-1', 'api-2', 'postgres', 'rabbitmq', 'redis', 'worker-1', 'worker-2']);
    expect(compose.services.postgres!.image).toMatch(/^postgres:/);
    expect(compose.services.rabbitmq!.image).toMatch(/^rabbitmq:/);
    expect(compose.services.redis!.image).toMatch(/^redis:/);
    expect(['api-1', 'api-2'].map((s) => app(s).environment!.ROLE)).toEqual(['api', 'api']);
    expect(['worker-1', 'worker-2'].map((s) => app(s).environment!.ROLE)).toEqual(['worker', 'worker']);
  });

  it('gives every instance a valid configuration on the shared database and broker, secrets required, health-checked on readiness', () => {
    for (const name of ['api-1', 'api-2', 'worker-1', 'worker-2']) {
      const s = app(name);
      expect(s.build).toBe('.');
      const env = Object.fromEntries(Object.entries(s.environment!).map(([k, v]) => [k, substitute(String(v))]));
      const config = loadConfig(env);
      expect(config.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(config.AMQP_URL).toMatch(/@rabbitmq:5672$/);
      expect(config.METRICS_TOKEN).toBeDefined();
      expect(config.HOST).toBe('0.0.0.0');
      expect(config.TRUST_PROXY).toEqual(['loopback', 'uniquelocal']);
      expect(String(s.environment!.APP_SECRET)).toMatch(/^\$\{APP_SECRET:\?/);
      expect(s.healthcheck!.test.join(' ')).toContain('/health/ready');
      expect(Object.keys(s.depends_on!).sort()).toEqual(['postgres', 'rabbitmq', 'redis']);
      for (const d of Object.values(s.depends_on!)) expect(d.condition).toBe('service_healthy');
    }
  });
});

describe('Dockerfile', () => {
  const text = readFileSync('Dockerfile', 'utf8');
  const stages = text.split(/^FROM /m).slice(1);

  it('is multi-stage: the runtime stage copies only the built app and production dependencies, and runs as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const runtime = stages.at(-1)!;
    expect(runtime).not.toMatch(/^COPY (src|\.) /m);
    expect(runtime).toMatch(/^COPY --from=build .*\/app\/dist\/src /m);
    const user = /^USER (\S+)/m.exec(runtime)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtime).toMatch(/^CMD \["node", (?:"--[^"]+", )*"dist\/src\/main\.js"\]$/m);
    expect(stages[0]).toMatch(/npm prune --omit=dev/);
  });

  it('runs what `npm start` runs (the same node options), and keeps sources and secrets out of the build context', () => {
    const startArgs = serviceNodeArgs('.');
    const cmd = /^CMD (\[.*\])$/m.exec(stages.at(-1)!)![1]!;
    expect(JSON.parse(cmd)).toEqual(['node', ...startArgs, 'dist/src/main.js']);
    const ignored = readFileSync('.dockerignore', 'utf8').split('\n');
    for (const entry of ['node_modules', 'dist', '.git', '.env', 'data']) expect(ignored).toContain(entry);
  });
});

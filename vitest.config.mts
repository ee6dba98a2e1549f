import { defineConfig } from 'vitest/config';
import { aliases } from './vitest.aliases.mts';
import { RUN_ALONE } from './vitest.alone.mts';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts', 'web/src/**/*.spec.ts', 'packages/*/test/**/*.test.ts'],
    // Fault tests start private brokers and database clusters; they and the few files that
    // measure under a deadline run one at a time after these: `npm run test:faults`.
    exclude: ['**/node_modules/**', 'test/faults/**', ...RUN_ALONE],
    // Two files at a time: most of a file's time is spent waiting on PostgreSQL, RabbitMQ
    // or the service it started, so two keep both cores busy where one left them idle.
    maxWorkers: 2,
    // Files share their worker's module cache instead of importing the service again each:
    // the import of the service's modules was most of a file's own CPU time. Every file
    // still starts its own service on its own database; none relies on fresh module state.
    isolate: false,
    setupFiles: ['reflect-metadata'],
    // Builds dist/ (service and dashboard) when a source changed since the last build, then
    // migrates the template database each file copies.
    globalSetup: ['test/support/compiled.ts', 'test/support/migrated-template.global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

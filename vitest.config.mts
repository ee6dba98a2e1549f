import { defineConfig } from 'vitest/config';
import { aliases } from './vitest.aliases.mts';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts', 'web/src/**/*.spec.ts', 'packages/*/test/**/*.test.ts'],
    // Fault tests start private brokers and database clusters: `npm run test:faults`.
    exclude: ['**/node_modules/**', 'test/faults/**'],
    setupFiles: ['reflect-metadata'],
    // Builds dist/ (service and dashboard) when a source changed since the last build, then
    // migrates the template database each file copies.
    globalSetup: ['test/support/compiled.ts', 'test/support/migrated-template.global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

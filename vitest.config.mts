import { defineConfig } from 'vitest/config';
import { aliases } from './vitest.aliases.mts';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts', 'web/src/**/*.spec.ts', 'packages/*/test/**/*.test.ts'],
    // Fault tests start private brokers and database clusters: `npm run test:faults`.
    exclude: ['**/node_modules/**', 'test/faults/**'],
    setupFiles: ['reflect-metadata'],
    // Builds dist/ when a source changed since the last build (tests that spawn the compiled service).
    globalSetup: ['test/support/compiled.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // vitest would otherwise load both the CJS and ESM builds of graphql and
    // break schema construction ("another module or realm").
    // graphql-query-complexity's ESM build imports graphql's ESM files: take its CJS build.
    alias: { graphql: require.resolve('graphql'), 'graphql-query-complexity': require.resolve('graphql-query-complexity') },
  },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts', 'web/src/**/*.spec.ts'],
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

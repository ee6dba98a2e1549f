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
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts'],
    setupFiles: ['reflect-metadata'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

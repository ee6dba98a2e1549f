import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // vitest would otherwise load both the CJS and ESM builds of graphql and
    // break schema construction ("another module or realm").
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.test.ts', 'web/src/**/*.spec.ts'],
    setupFiles: ['reflect-metadata'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

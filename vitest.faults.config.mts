import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * `npm run test:faults`: each file starts its own broker node or database cluster and
 * breaks it, so files run one at a time.
 */
export default defineConfig({
  resolve: { alias: { graphql: require.resolve('graphql') } },
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/faults/support/build.global.ts'],
    setupFiles: ['reflect-metadata'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});

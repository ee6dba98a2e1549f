import { defineConfig } from 'vitest/config';
import { aliases } from './vitest.aliases.mts';

/**
 * `npm run test:faults`: each file starts its own broker node or database cluster and
 * breaks it, so files run one at a time.
 */
export default defineConfig({
  resolve: { alias: aliases },
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

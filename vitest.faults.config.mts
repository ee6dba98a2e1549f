import { defineConfig } from 'vitest/config';
import { aliases } from './vitest.aliases.mts';
import { RUN_ALONE } from './vitest.alone.mts';

/**
 * `npm run test:faults`: each fault file starts its own broker node or database cluster and
 * breaks it, so files run one at a time; the files of `RUN_ALONE` (which measure under a
 * deadline) run here too, alone. They run the compiled service (`dist/`, built
 * by the global setup when stale, as for the other tests).
 */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['test/faults/**/*.test.ts', ...RUN_ALONE],
    globalSetup: ['test/support/compiled.ts', 'test/support/migrated-template.global.ts'],
    setupFiles: ['reflect-metadata'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});

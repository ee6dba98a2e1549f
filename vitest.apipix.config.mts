import { defineConfig } from 'vitest/config';
import suite from './vitest.config.mts';

/**
 * `npm run test:apipix`: the charge, refund, dispute, sandbox and webhook test files on the
 * real API Pix adapter (TEST_INSTITUTION=apipix, test/support/test-institution.ts): each test
 * app runs against a PSP simulator of its own instead of the simulated institution.
 */
// Spread, not mergeConfig: that would add these files to the suite's include list.
export default defineConfig({
  ...suite,
  test: {
    ...suite.test,
    include: ['test/transactions/**/*.test.ts', 'test/disputes/**/*.test.ts', 'test/webhooks/**/*.test.ts', 'test/e2e/readme-walkthrough.test.ts'],
    env: { TEST_INSTITUTION: 'apipix' },
  },
});

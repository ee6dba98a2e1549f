import { defineConfig } from 'vitest/config';
import suite from './vitest.config.mts';

/**
 * `npm run test:fast`, for the edit loop: the unit specs and the quick end-to-end files
 * (one service each, no browser, no PGlite, no outage, no large data set). `npm test`
 * runs these and everything else; CI runs `npm test`.
 */
// Spread, not mergeConfig: that would add these files to the suite's include list.
export default defineConfig({
  ...suite,
  test: {
    ...suite.test,
    include: [
      'src/**/*.spec.ts',
      'web/src/**/*.spec.ts',
      'test/e2e/health.test.ts',
      'test/e2e/onboarding.test.ts',
      'test/e2e/rest-transport.test.ts',
      'test/e2e/retry-after.test.ts',
      'test/e2e/text-input.test.ts',
      'test/e2e/schema-file.test.ts',
      'test/openapi/*.test.ts',
      'test/platform/idempotency.test.ts',
      'test/ledger/ledger-store.test.ts',
      'test/webhooks/outbox-relay.test.ts',
      'test/transactions/create-normalised.test.ts',
    ],
  },
});

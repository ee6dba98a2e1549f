import { defineConfig } from 'vitest/config';
import suite from './vitest.config.mts';

/**
 * `npm run test:payouts`: the withdrawal test files on Efí's payout adapter
 * (TEST_PAYOUT_PROVIDER=efi, test/support/test-institution.ts): each test app runs on API Pix
 * against a PSP simulator of its own, and sends its withdrawals there.
 */
// Spread, not mergeConfig: that would add these files to the suite's include list.
export default defineConfig({
  ...suite,
  test: {
    ...suite.test,
    include: ['test/withdrawals/**/*.test.ts'],
    env: { TEST_PAYOUT_PROVIDER: 'efi' },
  },
});

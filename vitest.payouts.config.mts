import { defineConfig } from 'vitest/config';
import suite from './vitest.config.mts';

/**
 * `npm run test:payouts`: the withdrawal test files on a PSP's payout adapter, Efí's by default
 * (`npm run test:payouts:inter`, or TEST_PAYOUT_PROVIDER=inter, for Banco Inter's;
 * test/support/test-institution.ts): each test app runs on API Pix against a PSP simulator of
 * its own, in sandbox mode with the simulator's control URL, and sends its withdrawals there.
 */
const provider = process.env.TEST_PAYOUT_PROVIDER ?? 'efi';
if (provider !== 'efi' && provider !== 'inter') throw new Error(`TEST_PAYOUT_PROVIDER must be efi or inter, not ${provider}`);

// Spread, not mergeConfig: that would add these files to the suite's include list.
export default defineConfig({
  ...suite,
  test: {
    ...suite.test,
    include: ['test/withdrawals/**/*.test.ts'],
    env: { TEST_PAYOUT_PROVIDER: provider },
  },
});

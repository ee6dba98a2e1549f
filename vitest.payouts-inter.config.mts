import { defineConfig } from 'vitest/config';
import payouts from './vitest.payouts.config.mts';

/** `npm run test:payouts:inter`: the withdrawal test files on Banco Inter's payout adapter (see vitest.payouts.config.mts). */
export default defineConfig({
  ...payouts,
  test: { ...payouts.test, env: { TEST_PAYOUT_PROVIDER: 'inter' } },
});

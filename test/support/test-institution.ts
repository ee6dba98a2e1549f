import { runAdmin } from '../../src/cli/admin-commands';
import type { ApiPixExchange } from '../../src/infra/apipix/apipix-client';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import { apiPixConformance, startPsp } from './apipix-psp';

/**
 * `TEST_INSTITUTION=apipix` (`npm run test:apipix`): the test apps run on the real API Pix
 * adapter, each against a PSP simulator of its own, instead of the simulated institution.
 */
export const ON_APIPIX = process.env.TEST_INSTITUTION === 'apipix';

/**
 * `TEST_PAYOUT_PROVIDER=efi` or `inter` (`npm run test:payouts`, `npm run test:payouts:inter`):
 * the same, and withdrawals are sent through that PSP's payout adapter to the simulator
 * (PAYOUT_PROVIDER); the sandbox's scripted payouts and its reports act there through its
 * control API.
 */
export const PAYOUT_PROVIDER = process.env.TEST_PAYOUT_PROVIDER;
const payoutSettings = (): Record<string, string> => (PAYOUT_PROVIDER ? { PAYOUT_PROVIDER, APIPIX_PROFILE: PAYOUT_PROVIDER } : {});

/** The switch applies to sandbox apps whose test chose no institution of its own. */
export const switchesToApiPix = (env: Record<string, string>): boolean => (ON_APIPIX || PAYOUT_PROVIDER !== undefined) && !env.INSTITUTION && (env.MODE ?? 'sandbox') === 'sandbox';

export interface TestPsp {
  sim: RunningSimulator;
  /** The settings that point the service at the simulator, its control API included. */
  env: Record<string, string>;
  observe(exchange: ApiPixExchange): void;
  /** The operator's step once the service listens: the PSP learns where to send its callbacks. */
  registerCallbacks(appEnv: Record<string, string>, appUrl: string): Promise<void>;
  /** Stops the simulator; throws when an exchange with it broke the Central Bank's spec. */
  close(): Promise<void>;
}

/** A PSP simulator over HTTPS with mTLS for one test app, every API Pix exchange checked against the spec. */
export async function startTestPsp(): Promise<TestPsp> {
  const { sim, env } = await startPsp();
  // The sandbox's script decides each payout's outcome at the PSP (docs/integrate/sandbox.md): the simulator waits for it.
  if (PAYOUT_PROVIDER) sim.psp.payoutSettings = { ...sim.psp.payoutSettings, mode: 'manual' };
  const conformance = apiPixConformance();
  return {
    sim,
    env: { ...env, APIPIX_SIMULATOR_CONTROL_URL: `${sim.url}/_control`, ...payoutSettings() },
    observe: conformance.observe,
    registerCallbacks: async (appEnv, appUrl) => {
      await runAdmin(['apipix', 'register-webhook'], { ...appEnv, PUBLIC_BASE_URL: appUrl, LOG_LEVEL: 'silent' });
    },
    close: async () => {
      await sim.close();
      if (conformance.problems.length > 0) throw new Error(`calls to the PSP broke the API Pix spec:\n${[...new Set(conformance.problems)].join('\n')}`);
    },
  };
}

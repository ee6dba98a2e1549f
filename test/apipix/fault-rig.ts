import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { runAdmin } from '../../src/cli/admin-commands';
import { callbackPathToken } from '../../src/infra/apipix/apipix-callbacks';
import type { Exchange, RunningSimulator } from '../../tools/psp-simulator/simulator';
import { onboardSeller, type Seller, startTestApp, type TestApp } from '../support/app';
import { sqlOf } from '../support/platform';
import { rest } from '../support/rest';
import { apiPixConformance, control, PIX_KEY, pspFaults, startPsp } from './psp';

export const TX = '/api/v1/cobranca/transactions';

/** One request the PSP received (token endpoint included) and the status it answered. */
export type SeenAtPsp = Pick<Exchange, 'method' | 'path' | 'status'>;

/**
 * PixPay (api role, on its own database, one seller) in front of the PSP simulator over
 * HTTPS with mTLS: what the fault tests of collection share. Every call PixPay makes is
 * checked against the Central Bank's spec (`conformance`); every request the PSP
 * received is in `seen`, so a test can count what reached the PSP.
 */
export interface FaultRig {
  sim: RunningSimulator;
  app: TestApp;
  seller: Seller;
  conformance: ReturnType<typeof apiPixConformance>;
  seen: SeenAtPsp[];
  /** POST a PIX charge with an Idempotency-Key (a fresh one unless given). */
  create(body: Record<string, unknown>, key?: string): ReturnType<typeof rest>;
  charge(id: string): Promise<Record<string, any>>;
  /** The seller's available PIX balance, in cents. */
  available(): Promise<number>;
  /** The seller's charges stored in the database. */
  chargeRows(): Promise<number>;
  /** Journal entries whose postings do not sum to zero (none, in a sound ledger). */
  unbalancedEntries(): Promise<unknown[]>;
  /** Our callback route (with the secret when `callbacks` was asked for). */
  callbackPath: string;
  /** Puts the simulator back to no faults and normal callbacks, keeping cobs, Pix and webhooks. */
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultRig(opts: { env?: Record<string, string>; callbacks?: boolean } = {}): Promise<FaultRig> {
  const seen: SeenAtPsp[] = [];
  const psp = await startPsp({ observe: (ex) => seen.push({ method: ex.method, path: ex.path, status: ex.status }) });
  const conformance = apiPixConformance();
  const secret = randomBytes(24).toString('hex');
  const env = { ...psp.env, ...(opts.callbacks ? { INSTITUTION_CALLBACK_SECRET: secret } : {}), ...opts.env };
  const app = await startTestApp({ ROLE: 'api', ...env }, undefined, undefined, { apiPixObserve: conformance.observe });
  const seller = await onboardSeller(app);
  if (opts.callbacks) {
    const registered = await runAdmin(['apipix', 'register-webhook'], { ...env, PUBLIC_BASE_URL: app.url, LOG_LEVEL: 'silent' });
    if ((registered as { registered?: boolean }).registered !== true) throw new Error(`webhook not registered: ${JSON.stringify(registered)}`);
  }
  const sql = sqlOf(app);
  return {
    sim: psp.sim,
    app,
    seller,
    conformance,
    seen,
    create: (body, key = randomUUID()) => rest(app, 'POST', TX, { key: seller.apiKey, body, idempotencyKey: key }),
    charge: async (id) => (await rest(app, 'GET', `${TX}/${id}`, { key: seller.apiKey })).body.data,
    available: async () => (await rest(app, 'GET', '/balance-statement', { bearer: seller.apiKey })).body.data.available as number,
    chargeRows: async () => Number((await sql.query<{ n: string }>('select count(*) as n from transactions where seller_id = ?', [seller.sellerId]))[0]!.n),
    unbalancedEntries: () => sql.query('select entry_id, sum(amount) as total from ledger_postings group by entry_id having sum(amount) <> 0'),
    callbackPath: `/v1/institution/apipix/${callbackPathToken(secret)}/pix`,
    clearFaults: async () => {
      await pspFaults(psp.sim, { latencyMs: 0, answerDelayMs: 0, failNext: 0, failStatus: 503, pathPattern: null, tokenEndpointDown: false });
      await control(psp.sim, 'PUT', '/_control/callbacks', { dropNext: 0, delayMs: 0, duplicate: false, hold: false });
      await control(psp.sim, 'PUT', '/_control/autopay', { enabled: false });
    },
    close: async () => {
      await app.close();
      await psp.sim.close();
    },
  };
}

/**
 * A test file's rig: started before its tests (then `ready`, e.g. a first create for a token
 * and a connection), stopped after them; after each test its faults are cleared and every
 * exchange is checked against the spec.
 */
export function useFaultRig(opts: Parameters<typeof startFaultRig>[0] & { ready?: (rig: FaultRig) => Promise<void> } = {}): FaultRig {
  const rig = {} as FaultRig;
  beforeAll(async () => {
    Object.assign(rig, await startFaultRig(opts));
    await opts.ready?.(rig);
  });
  afterAll(() => rig.close?.());
  afterEach(async () => {
    await rig.clearFaults();
    expect(rig.conformance.problems).toEqual([]);
  });
  return rig;
}

/** How many requests the PSP received since `from` (an index into `seen`) that match. */
export const seenSince = (seen: SeenAtPsp[], from: number, match: (s: SeenAtPsp) => boolean): number => seen.slice(from).filter(match).length;

export const cobPuts = (s: SeenAtPsp) => s.method === 'PUT' && s.path.startsWith('/cob/');
export const tokenRequests = (s: SeenAtPsp) => s.path === '/oauth/token';

export { PIX_KEY };

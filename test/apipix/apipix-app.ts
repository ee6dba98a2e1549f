import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { runAdmin } from '../../src/cli/admin-commands';
import type { RunningSimulator } from '../../tools/psp-simulator/simulator';
import { verifyWebhook } from '../../src/domain/webhooks/signature';
import { totpCode } from '../../src/infra/security/otplib-totp';
import { Receiver } from '../webhooks/support/receiver';
import { gql, onboardSeller, PRODUCTION_TEST_SECRETS, type Seller, startTestApp, type TestApp } from '../support/app';
import { promoteToOperator } from '../support/platform';
import { apiPixConformance, startPsp, until } from './psp';

/** What a test file of the API Pix adapter starts: the PSP simulator, PixPay in front of it and one seller. */
export interface ApiPixApp {
  sim: RunningSimulator;
  app: TestApp;
  seller: Seller;
  /** What `apipix register-webhook` answered (null without a callback secret). */
  registration: unknown;
}

/**
 * The PSP simulator over HTTPS with mTLS and PixPay (api role, one seller) in front of it, for
 * a test file: started before its tests, stopped after them; every call to the PSP and its
 * answer is checked against the Central Bank's spec after each test. With a callback secret,
 * the callback URL is registered with the PSP as an operator would. `started` hands the
 * file what was started; the answer is the conformance check (its exchanges can be counted).
 */
export function useApiPixApp(
  opts: { env?: (sim: RunningSimulator) => Record<string, string>; callbackSecret?: string },
  started: (t: ApiPixApp) => void,
): ReturnType<typeof apiPixConformance> {
  const conformance = apiPixConformance();
  let sim: RunningSimulator | undefined;
  let app: TestApp | undefined;
  afterEach(() => expect(conformance.problems).toEqual([]));
  beforeAll(async () => {
    const psp = await startPsp();
    sim = psp.sim;
    const env = { ...psp.env, ...(opts.callbackSecret ? { INSTITUTION_CALLBACK_SECRET: opts.callbackSecret } : {}), ...opts.env?.(psp.sim) };
    app = await startTestApp({ ROLE: 'api', ...env }, undefined, undefined, { apiPixObserve: conformance.observe });
    const seller = await onboardSeller(app);
    const registration = opts.callbackSecret ? await runAdmin(['apipix', 'register-webhook'], { ...env, PUBLIC_BASE_URL: app.url, LOG_LEVEL: 'silent' }) : null;
    started({ sim: psp.sim, app, seller, registration });
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });
  return conformance;
}

export interface ProductionPspApp {
  sim: RunningSimulator;
  app: TestApp;
  receiver: Receiver;
  liveKey: string;
  sellerId: string;
  totpSecret: string;
}

/**
 * A production-mode app on API Pix against a PSP simulator of its own, a local HTTPS receiver
 * for the seller's webhooks, a live seller with 2FA (onboardLiveSeller), and the PSP's callback
 * registered by the operator's command; every API Pix exchange checked against the spec.
 */
export function useProductionPspApp(extraEnv: Record<string, string>, started: (t: ProductionPspApp) => void): void {
  const conformance = apiPixConformance();
  let sim: RunningSimulator | undefined;
  let app: TestApp | undefined;
  let receiver: Receiver | undefined;
  afterEach(() => expect(conformance.problems).toEqual([]));
  beforeAll(async () => {
    const psp = await startPsp();
    sim = psp.sim;
    receiver = await Receiver.start();
    // The seller's endpoint is a local HTTPS receiver: production refuses the allow-list unless told it is meant.
    const webhooks = { WEBHOOK_ALLOW_HOSTS: receiver.allowHosts, WEBHOOK_ALLOW_HOSTS_IN_PRODUCTION: 'true', WEBHOOK_CA_FILE: receiver.caFile };
    const env = { MODE: 'production', ...PRODUCTION_TEST_SECRETS, ...psp.env, ...webhooks, ...extraEnv };
    app = await startTestApp({ ...env, ROLE: 'api' }, undefined, undefined, { apiPixObserve: conformance.observe });
    const seller = await onboardLiveSeller(app);
    await runAdmin(['apipix', 'register-webhook'], { ...env, PUBLIC_BASE_URL: app.url, LOG_LEVEL: 'silent' });
    started({ sim, app, receiver, ...seller });
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
    await receiver?.stop();
  });
}

async function session(app: TestApp, email: string): Promise<string> {
  await gql(app, 'mutation($e:String!){ signUp(email:$e, password:"a long password"){ id } }', { e: email });
  return (await gql(app, 'mutation($e:String!){ logIn(email:$e, password:"a long password"){ token } }', { e: email })).data!.logIn.token;
}

/**
 * A seller of a production-mode app, made as people make one: a user signs up, registers the
 * seller, turns on 2FA and creates a live key; an operator approves the seller's KYC.
 */
export async function onboardLiveSeller(app: TestApp): Promise<{ liveKey: string; sellerId: string; totpSecret: string }> {
  const seller = await session(app, 'loja@example.com');
  const sellerId = (await gql(app, 'mutation{ registerSeller(name:"Loja Real", document:"529.982.247-25"){ id } }', {}, seller)).data!.registerSeller.id;
  const totpSecret = (await gql(app, 'mutation{ enrolTwoFactor{ secret } }', {}, seller)).data!.enrolTwoFactor.secret;
  await gql(app, 'mutation($c:String!){ confirmTwoFactor(code:$c){ id } }', { c: totpCode(totpSecret, app.clock.now()) }, seller);
  const liveKey = (await gql(app, 'mutation{ createApiKey(mode: live){ key } }', {}, seller)).data!.createApiKey.key;
  await session(app, 'operator@example.com');
  await promoteToOperator(app, 'operator@example.com');
  const operator = (await gql(app, 'mutation{ logIn(email:"operator@example.com", password:"a long password"){ token } }')).data!.logIn.token;
  const reviewed = await gql(app, 'mutation($id: ID!){ reviewSellerKyc(sellerId: $id, status: APPROVED){ kycStatus } }', { id: sellerId }, operator);
  expect(reviewed.data?.reviewSellerKyc.kycStatus).toBe('APPROVED');
  return { liveKey, sellerId, totpSecret };
}

/**
 * The first `eventType` webhook the receiver got at `path`, once delivered (what a worker does,
 * relaying the outbox and delivering, done here in the api process), with its signature checked
 * against the endpoint's secret: the verified event.
 */
export async function signedDelivery(app: TestApp, receiver: Receiver, path: string, eventType: string, secret: string): Promise<Record<string, unknown>> {
  const { relay, embeddedWorker } = app.services.webhookRuntime;
  const delivered = () => receiver.on(path).filter((r) => (JSON.parse(r.rawBody) as { eventType?: string }).eventType === eventType);
  await until(async () => {
    await relay.relayOnce();
    await embeddedWorker!.runDue();
    return delivered().length > 0;
  }, `the ${eventType} webhook to reach the receiver`);
  const [first] = delivered();
  const verified = verifyWebhook({ rawBody: first!.rawBody, timestampHeader: String(first!.headers['x-webhook-timestamp']), secret, now: app.clock.now() });
  if (!verified.ok) throw new Error(`the ${eventType} webhook's signature does not verify`);
  return verified.event as Record<string, unknown>;
}

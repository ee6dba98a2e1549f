import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/main/config';
import { type AppOverrides, type RunningApp, startApplication } from '../../src/main/start-application';
import { ManualClock } from '../../src/domain/shared/clock';
import { createLogger, type Logger } from '../../src/infra/log/logger';
import type { ApiPixExchange } from '../../src/infra/apipix/apipix-client';
import { createMigratedTestDatabase } from './database';
import { startTestPsp, switchesToApiPix } from './test-institution';

export interface TestApp extends RunningApp {
  clock: ManualClock;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * The whole service on a fresh PostgreSQL database, listening on a random loopback port. With
 * TEST_INSTITUTION=apipix a sandbox app that chose no institution runs on API Pix against a
 * PSP simulator of its own (test-institution.ts), its callbacks registered.
 */
export async function startTestApp(env: Record<string, string> = {}, clock = new ManualClock(new Date()), logger: Logger = createLogger('silent'), overrides: Omit<AppOverrides, 'clock' | 'logger'> = {}): Promise<TestApp> {
  const db = await createMigratedTestDatabase();
  const psp = switchesToApiPix(env) ? await startTestPsp() : null;
  const appEnv = { MODE: 'sandbox', PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10', SHUTDOWN_DRAIN_DELAY_MS: '0', ...psp?.env, ...env };
  const config = loadConfig(appEnv);
  const observe = psp ? bothObservers(psp.observe, overrides.apiPixObserve) : overrides.apiPixObserve;
  const app = await startApplication(config, { ...overrides, apiPixObserve: observe, clock, logger });
  if (psp) await psp.registerCallbacks(appEnv, app.url);
  return {
    ...app,
    clock,
    databaseUrl: db.url,
    close: async () => {
      await app.stop();
      await db.drop();
      await psp?.close();
    },
  };
}

function bothObservers(first: (x: ApiPixExchange) => void, second?: (x: ApiPixExchange) => void) {
  return (x: ApiPixExchange) => {
    first(x);
    second?.(x);
  };
}

/** A logger at `level` whose JSON lines land, parsed, in `lines` (emptied by the caller at will). */
export function capturedLogger(level = 'info'): { logger: Logger; lines: Record<string, any>[] } {
  const lines: Record<string, any>[] = [];
  const logger = createLogger(level, { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>)) });
  return { logger, lines };
}

export interface GqlResult<T = Record<string, any>> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** The code of a GraphQL answer's first error (`extensions.code`), or undefined. */
export const gqlErrorCode = (result: GqlResult<unknown>): string | undefined => result.errors?.[0]?.extensions?.code;

export async function gql<T = Record<string, any>>(app: { url: string }, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GqlResult<T>> {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as GqlResult<T>;
}

let counter = 0;

/** Signs up a user, registers an approved sandbox seller and creates a test key. */
export async function onboardSeller(app: { url: string }, opts: { document?: string } = {}) {
  const email = `seller${Date.now()}${counter++}@example.com`;
  const password = 'correct horse battery';
  await gql(app, 'mutation($e:String!,$p:String!){ signUp(email:$e,password:$p){ id } }', { e: email, p: password });
  const login = await gql(app, 'mutation($e:String!,$p:String!){ logIn(email:$e,password:$p){ token } }', { e: email, p: password });
  if (!login.data) throw new Error(`logIn failed: ${JSON.stringify(login.errors)}`);
  const session = login.data.logIn.token as string;
  const seller = await gql(app, 'mutation($n:String!,$d:String!){ registerSeller(name:$n,document:$d){ id kycStatus } }', { n: 'Loja Teste', d: opts.document ?? '000.000.000-00' }, session);
  const key = await gql(app, 'mutation{ createApiKey(mode: test){ key } }', {}, session);
  return { email, password, session, sellerId: seller.data!.registerSeller.id as string, apiKey: key.data!.createApiKey.key as string };
}

export type Seller = Awaited<ReturnType<typeof onboardSeller>>;

/**
 * The usual set-up of a test file: before its tests, the service on a fresh database
 * (startTestApp) and one onboarded seller, handed to `ready` (which may do more, such as
 * fund the seller); after them, the service closed and its database dropped.
 */
export function startTestAppWithSeller(env: Record<string, string>, ready: (app: TestApp, seller: Seller) => void | Promise<void>, logger?: Logger): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(env, undefined, logger);
    await ready(app, await onboardSeller(app));
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** Secrets strong enough for production mode, fixed so a failing test can be rerun alike. */
export const PRODUCTION_TEST_SECRETS = {
  APP_SECRET: '6f1c2b9e8d7a4035b1e2c3d4f5a69788e1d2c3b4a5968778695a4b3c2d1e0f9a',
  INSTITUTION_CALLBACK_SECRET: 'b7e4d1a8c5f2093e6b4a7d1c8e5f2a9b3c6d0e4f7a1b8c5d2e9f6a3b0c7d4e1f',
};

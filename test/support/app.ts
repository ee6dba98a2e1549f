import { loadConfig } from '../../src/app/config';
import { type RunningApp, startApplication } from '../../src/app/application';
import { ManualClock } from '../../src/domain/shared/clock';
import { createLogger, type Logger } from '../../src/infra/log/logger';
import { createTestDatabase } from './database';

export interface TestApp extends RunningApp {
  clock: ManualClock;
  databaseUrl: string;
  close(): Promise<void>;
}

/** The whole service on a fresh PostgreSQL database, listening on a random loopback port. */
export async function startTestApp(env: Record<string, string> = {}, clock = new ManualClock(new Date()), logger: Logger = createLogger('silent')): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = loadConfig({ MODE: 'sandbox', PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10', SHUTDOWN_DRAIN_DELAY_MS: '0', ...env });
  const app = await startApplication(config, { clock, logger });
  return {
    ...app,
    clock,
    databaseUrl: db.url,
    close: async () => {
      await app.stop();
      await db.drop();
    },
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

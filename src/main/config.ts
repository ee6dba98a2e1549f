import { z } from 'zod';
import { settingProblem } from './config-rules';
import { institutionProblems, institutionSettings } from './apipix-config';
import { evidenceStoreProblems, evidenceStoreSettings } from './evidence-store-config';
import { retentionSettings, retiredRetentionSettings } from './retention-config';
import { SANDBOX_DEV_SECRET, weakSecretProblem } from './secret-strength';
import { parseTrustProxy } from './trust-proxy';
import { type AllowedTarget, parseAllowList } from '../domain/webhooks/webhook-allow-list';

/**
 * Every setting comes from the environment, is validated once at start and is
 * documented in the configuration reference, docs/operate/configuration.md (a test
 * keeps the two in step).
 */
const schema = z.object({
  MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Proxies whose X-Forwarded-For gives the client's address (per-address budgets and sign-in guard). */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v, ctx) => parseTrustProxy(v) ?? (ctx.addIssue({ code: 'custom', message: 'invalid' }), z.NEVER)),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATA_DIR: z.string().min(1).default('./data'),
  AMQP_URL: z.string().regex(/^amqps?:\/\//, 'must be an amqp:// or amqps:// URL').optional(),
  /** Defaults to the address actually listened on (see public-address.ts). */
  PUBLIC_BASE_URL: z.string().url().optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** During a rotation: the other secret, accepted to open and verify, never used to seal or sign. */
  APP_SECRET_ACCEPTED: z.string().min(32, 'must be at least 32 characters').optional(),
  MERCHANT_CITY: z.string().min(1).default('SAO PAULO'),
  AUTH_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  AUTH_CACHE_MAX_KEYS: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /** How long an API key or session token that is in no row is remembered as such (0: never), so a repeated bad one costs one lookup. */
  AUTH_NEGATIVE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  QR_IMAGE_CACHE_MB: z.coerce.number().int().min(0).max(4_096).default(32),
  /** Worker threads rendering QR images off the event loop; 0 renders in the request's thread. */
  QR_RENDER_THREADS: z.coerce.number().int().min(0).max(16).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** Development only: GraphQL error answers carry their stack trace (refused in production). */
  GRAPHQL_STACK_TRACES: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  BODY_LIMIT: z.string().regex(/^\d+(kb|mb)$/i, 'like 100kb or 1mb').default('100kb'),
  /** How often each open subscription socket's credential is checked again (expiry; revocations are announced at once). */
  LIVE_CREDENTIAL_CHECK_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  SANDBOX_AUTOPAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  DISPUTE_APPEAL_WINDOW_HOURS: z.coerce.number().int().min(1).max(2_160).default(168),
  /** The payment institution signs its callbacks with it; required in production (sandbox: random per DATA_DIR). */
  INSTITUTION_CALLBACK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** During a rotation: the previous callback secret, still accepted. */
  INSTITUTION_CALLBACK_SECRET_ACCEPTED: z.string().min(32, 'must be at least 32 characters').optional(),
  /** `host:port` entries (a bare host: port 443) exempt from the webhook address check; tests and local trials. */
  WEBHOOK_ALLOW_HOSTS: z.string().default(''),
  /** Production refuses WEBHOOK_ALLOW_HOSTS unless this says so explicitly. */
  WEBHOOK_ALLOW_HOSTS_IN_PRODUCTION: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  WEBHOOK_CA_FILE: z.string().optional(),
  /** Prefix of every RabbitMQ exchange and queue name (one broker, several deployments). */
  AMQP_PREFIX: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - only').default('pixpay'),
  /** Per-attempt deadline of a webhook POST; SPEC says 5 s (lower it only for tests). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(5_000).default(5_000),
  /** Webhook attempts in flight at once per worker process. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(64),
  /** Safety poll of the outbox relay and of the embedded delivery queue, besides their wake-ups. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** How often expired deliveries are marked and lost messages re-enqueued. */
  WEBHOOK_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** RabbitMQ backend: a delivery overdue by this long with no worker on it is re-enqueued. */
  WEBHOOK_RESCUE_AFTER_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  /** A registration whose every attempt failed for this long turns FAILING (the seller is told). */
  WEBHOOK_FAILING_AFTER_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** ... and DISABLED after this long (no deliveries sent, events held until it is enabled again). */
  WEBHOOK_DISABLE_AFTER_DAYS: z.coerce.number().int().min(1).max(90).default(5),
  /** How often the worker checks registrations' health. */
  WEBHOOK_HEALTH_CHECK_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** How long a worker holds a job it claimed; a worker that dies holds it this long (the reconciliation reads 20 s a run). */
  JOB_LOCK_SECONDS: z.coerce.number().int().min(30).max(3_600).default(60),
  /** Durable jobs one worker runs at once (PostgreSQL only; the embedded database runs one at a time). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** Bearer token that GET /metrics requires; without it /metrics does not exist (404). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** On SIGTERM, the process finishes its work within this deadline, then exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(25_000),
  /** On SIGTERM, an api instance keeps serving (not ready) this long, so load balancers stop routing to it first. */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** Shared store of the rate limits; without it each process counts on its own. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  /** Prefix of every Redis key (one Redis, several deployments or test runs). */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits, _ . : - only').default('pixpay'),
  /** Default budgets per seller and minute (per address for RATE_LIMIT_PUBLIC); operators raise them per seller. */
  RATE_LIMIT_CREATES: z.coerce.number().int().min(1).max(1_000_000).default(300),
  RATE_LIMIT_READS: z.coerce.number().int().min(1).max(1_000_000).default(1_200),
  RATE_LIMIT_LISTS: z.coerce.number().int().min(1).max(1_000_000).default(300),
  RATE_LIMIT_WEBHOOKS: z.coerce.number().int().min(1).max(1_000_000).default(60),
  RATE_LIMIT_PUBLIC: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Per address and minute: API and GraphQL requests without a credential or with one that fails, counted before parsing. */
  RATE_LIMIT_UNAUTHENTICATED: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Burst allowance: a full bucket holds this many seconds' worth of each budget. */
  RATE_LIMIT_BURST_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  /** Open GraphQL subscription sockets per seller and api instance. */
  SUBSCRIPTIONS_PER_SELLER: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Load shedding: mean event-loop delay (ms, two seconds running) and queries waiting for a pooled connection past which new requests get 503. */
  OVERLOAD_MAX_LAG_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  OVERLOAD_MAX_DB_WAITERS: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Outgoing mail (queued data exports): SMTP when set, else `.eml` files under DATA_DIR/mail. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('PixPay <no-reply@pixpay.invalid>'),
  /** A data export with more rows than this is queued and mailed instead of answered. */
  DATA_EXPORT_DIRECT_MAX_ROWS: z.coerce.number().int().min(0).max(100_000).default(1_000),
  /** Lifetime of a queued export's single-use download link. */
  DATA_EXPORT_LINK_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72),
  ...evidenceStoreSettings,
  ...institutionSettings,
  ...retentionSettings,
});

/** The names of every setting the service reads. */
export const CONFIG_SETTINGS: readonly string[] = Object.keys(schema.shape);

export type Config = Omit<z.infer<typeof schema>, 'APP_SECRET' | 'WEBHOOK_ALLOW_HOSTS'> & {
  APP_SECRET: string;
  WEBHOOK_ALLOW_HOSTS: AllowedTarget[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? `${problems[0]}.` : `the configuration has ${problems.length} problems:\n${problems.map((p) => `  - ${p}.`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => settingProblem(i.path.join('.'), cleaned[String(i.path[0])], i.message)));
  }
  const retired = retiredRetentionSettings(cleaned);
  if (retired.length > 0) throw new ConfigError(retired);
  const c = parsed.data;
  if (c.MODE === 'production' && !c.APP_SECRET) {
    throw new ConfigError(['APP_SECRET is required in production mode (at least 32 characters)']);
  }
  if (c.MODE === 'production' && !c.INSTITUTION_CALLBACK_SECRET) {
    throw new ConfigError(['INSTITUTION_CALLBACK_SECRET is required in production mode (at least 32 characters; the payment institution signs its callbacks with it)']);
  }
  if (c.MODE === 'production') {
    const weak = (['APP_SECRET', 'APP_SECRET_ACCEPTED', 'INSTITUTION_CALLBACK_SECRET', 'INSTITUTION_CALLBACK_SECRET_ACCEPTED'] as const).flatMap((name) => weakSecretProblem(name, c[name]) ?? []);
    if (weak.length > 0) throw new ConfigError(weak);
  }
  if (c.INSTITUTION_CALLBACK_SECRET && [c.APP_SECRET, c.APP_SECRET_ACCEPTED].includes(c.INSTITUTION_CALLBACK_SECRET)) {
    throw new ConfigError(['INSTITUTION_CALLBACK_SECRET must differ from APP_SECRET (each secret protects one thing)']);
  }
  if (c.WEBHOOK_DISABLE_AFTER_DAYS * 24 <= c.WEBHOOK_FAILING_AFTER_HOURS) {
    throw new ConfigError(['WEBHOOK_DISABLE_AFTER_DAYS must be longer than WEBHOOK_FAILING_AFTER_HOURS (a webhook fails before it is disabled)']);
  }
  if (c.MODE === 'production' && c.GRAPHQL_STACK_TRACES) {
    throw new ConfigError(['GRAPHQL_STACK_TRACES is a development setting: production mode never sends stack traces to clients']);
  }
  if (c.APP_SECRET_ACCEPTED && c.APP_SECRET_ACCEPTED === (c.APP_SECRET ?? SANDBOX_DEV_SECRET)) {
    throw new ConfigError(['APP_SECRET_ACCEPTED must differ from APP_SECRET (it is the other secret of a rotation)']);
  }
  const allowList = parseAllowList(c.WEBHOOK_ALLOW_HOSTS);
  if (allowList.invalid.length > 0) {
    throw new ConfigError([`WEBHOOK_ALLOW_HOSTS must list host:port, [IPv6]:port or bare hosts (port 443), comma-separated; cannot read ${allowList.invalid.map((e) => `"${e}"`).join(', ')}`]);
  }
  if (c.MODE === 'production' && allowList.targets.length > 0 && !c.WEBHOOK_ALLOW_HOSTS_IN_PRODUCTION) {
    throw new ConfigError([
      'WEBHOOK_ALLOW_HOSTS lets webhooks reach private addresses: production refuses it unless WEBHOOK_ALLOW_HOSTS_IN_PRODUCTION=true says it is meant',
    ]);
  }
  const evidence = evidenceStoreProblems(c);
  if (evidence.length > 0) throw new ConfigError(evidence);
  const institution = institutionProblems(c);
  if (institution.length > 0) throw new ConfigError(institution);
  return {
    ...c,
    APP_SECRET: c.APP_SECRET ?? SANDBOX_DEV_SECRET,
    WEBHOOK_ALLOW_HOSTS: allowList.targets,
  };
}

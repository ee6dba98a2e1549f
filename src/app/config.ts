import { z } from 'zod';

/**
 * Every setting comes from the environment, is validated once at start and is
 * documented in the README's configuration table (keep the two in step).
 */
const schema = z.object({
  MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATA_DIR: z.string().min(1).default('./data'),
  AMQP_URL: z.string().regex(/^amqps?:\/\//, 'must be an amqp:// or amqps:// URL').optional(),
  PUBLIC_BASE_URL: z.string().url().default('http://127.0.0.1:3000'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MERCHANT_CITY: z.string().min(1).default('SAO PAULO'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.string().regex(/^\d+(kb|mb)$/i, 'like 100kb or 1mb').default('100kb'),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  SANDBOX_AUTOPAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  WEBHOOK_ALLOW_HOSTS: z.string().default(''),
  WEBHOOK_CA_FILE: z.string().optional(),
});

export type Config = Omit<z.infer<typeof schema>, 'APP_SECRET' | 'WEBHOOK_ALLOW_HOSTS'> & {
  APP_SECRET: string;
  WEBHOOK_ALLOW_HOSTS: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A fixed development secret, refused in production. */
const SANDBOX_DEV_SECRET = 'sandbox-development-secret-change-me-0000';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const c = parsed.data;
  if (c.MODE === 'production' && !c.APP_SECRET) {
    throw new ConfigError(['APP_SECRET: required in production mode (at least 32 characters)']);
  }
  return {
    ...c,
    APP_SECRET: c.APP_SECRET ?? SANDBOX_DEV_SECRET,
    WEBHOOK_ALLOW_HOSTS: c.WEBHOOK_ALLOW_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  };
}

import { INSTITUTION_SECRET_SETTINGS, INSTITUTION_SETTING_RULES } from './apipix-config';
import { RETENTION_SETTING_RULES } from './retention-config';

/**
 * What each setting accepts, in words, for the message a bad value gets
 * (`PORT must be a number from 0 to 65535, got "abc"`).
 */
export const SETTING_RULES: Record<string, string> = {
  MODE: 'must be sandbox or production',
  ROLE: 'must be all, api or worker',
  PORT: 'must be a number from 0 to 65535',
  HOST: 'must be an address to listen on, such as 127.0.0.1 or 0.0.0.0',
  TRUST_PROXY: 'must list loopback, linklocal, uniquelocal, addresses or CIDR ranges, comma-separated',
  DATABASE_URL: 'must be a postgres:// or postgresql:// URL',
  DATABASE_POOL_SIZE: 'must be a number from 1 to 200',
  DATA_DIR: 'must be a directory path',
  AMQP_URL: 'must be an amqp:// or amqps:// URL',
  PUBLIC_BASE_URL: 'must be an absolute URL such as https://pay.example.com',
  APP_SECRET: 'must have at least 32 characters',
  APP_SECRET_ACCEPTED: 'must have at least 32 characters',
  MERCHANT_CITY: 'must not be empty',
  LOG_LEVEL: 'must be one of fatal, error, warn, info, debug, trace or silent',
  LOG_FORMAT: 'must be auto, json or pretty',
  BODY_LIMIT: 'must be a size such as 100kb or 1mb',
  SESSION_TTL_HOURS: 'must be a number of hours from 1 to 720',
  SANDBOX_AUTOPAY_SECONDS: 'must be a number of seconds from 0 to 86400',
  INSTITUTION_CALLBACK_SECRET: 'must have at least 32 characters',
  INSTITUTION_CALLBACK_SECRET_ACCEPTED: 'must have at least 32 characters',
  AMQP_PREFIX: 'must be 1 to 64 letters, digits, _ . or -',
  WEBHOOK_TIMEOUT_MS: 'must be a number of milliseconds from 50 to 5000',
  WEBHOOK_CONCURRENCY: 'must be a number from 1 to 1000',
  WEBHOOK_POLL_MS: 'must be a number of milliseconds from 10 to 60000',
  WEBHOOK_SWEEP_MS: 'must be a number of milliseconds from 100 to 3600000',
  WEBHOOK_RESCUE_AFTER_MS: 'must be a number of milliseconds from 1000 to 86400000',
  EVIDENCE_STORE: 'must be postgres or s3',
  ...INSTITUTION_SETTING_RULES,
  ...RETENTION_SETTING_RULES,
};

/** Settings whose values are never repeated in a message (secrets, URLs with passwords). */
const SECRET_SETTINGS = new Set(['APP_SECRET', 'APP_SECRET_ACCEPTED', 'INSTITUTION_CALLBACK_SECRET', 'INSTITUTION_CALLBACK_SECRET_ACCEPTED', 'DATABASE_URL', 'AMQP_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', ...INSTITUTION_SECRET_SETTINGS]);

/** One sentence for a setting whose value was refused. */
export function settingProblem(name: string, value: unknown, fallback: string): string {
  const rule = SETTING_RULES[name] ?? fallback;
  if (value === undefined) return `${name} ${rule}`;
  const raw = String(value);
  if (SECRET_SETTINGS.has(name)) return `${name} ${rule} (the value given has ${raw.length} characters)`;
  const shown = raw.length > 80 ? `${raw.slice(0, 80)}...` : raw;
  return `${name} ${rule}, got ${JSON.stringify(shown)}`;
}

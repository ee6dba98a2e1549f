import { accessSync, constants } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { PIX_KEY_TYPES, normalizePixKey } from '../domain/pix/pix-key';
import { MIN_ORPHAN_GRACE_MS } from '../domain/reconciliation/psp-reconciliation';
import { APIPIX_PROFILE_NAMES } from '../infra/apipix/apipix-profiles';

const MIN_ORPHAN_GRACE_HOURS = Math.ceil(MIN_ORPHAN_GRACE_MS / 3_600_000);

const bool = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .default('false')
  .transform((v) => v === 'true');

const url = z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an https:// URL');

/**
 * Which payment institution takes charges (docs/operate/configuration.md, Payment
 * institution; docs/operate/going-live.md). `simulated` is the sandbox's own institution
 * (production refuses charges with it); `apipix` is any PSP that speaks the Central
 * Bank's API Pix.
 */
export const institutionSettings = {
  INSTITUTION: z.enum(['simulated', 'apipix']).default('simulated'),
  /** Where `/cob`, `/pix` and `/webhook` live, e.g. https://pix.example-psp.com.br/v2. */
  APIPIX_BASE_URL: url.optional(),
  APIPIX_TOKEN_URL: url.optional(),
  APIPIX_CLIENT_ID: z.string().min(1).optional(),
  APIPIX_CLIENT_SECRET: z.string().min(1).optional(),
  /** The client certificate: PEM certificate and key, or one PKCS#12 file. */
  APIPIX_CERT_FILE: z.string().min(1).optional(),
  APIPIX_KEY_FILE: z.string().min(1).optional(),
  APIPIX_PFX_FILE: z.string().min(1).optional(),
  APIPIX_PFX_PASSPHRASE: z.string().optional(),
  /** An extra CA (PEM) trusted for the PSP's server certificate, besides the system's. */
  APIPIX_CA_FILE: z.string().min(1).optional(),
  /** The platform's receiving PIX key, the `chave` of every cob, in the form the DICT stores it. */
  APIPIX_PIX_KEY: z.string().min(1).optional(),
  APIPIX_PROFILE: z.enum(APIPIX_PROFILE_NAMES).default('generic'),
  /** PIX Automático: the platform's account at the PSP, where each cycle's recurring charge (cobr) is credited; recurrences are refused without it. */
  APIPIX_ACCOUNT_NUMBER: z.string().regex(/^[0-9A-Za-z]{1,20}$/).optional(),
  /** Its branch (agência), up to 4 digits; some PSPs need none. */
  APIPIX_ACCOUNT_BRANCH: z.string().regex(/^\d{1,4}$/).optional(),
  /** Its type: CORRENTE, POUPANCA or PAGAMENTO. */
  APIPIX_ACCOUNT_TYPE: z.enum(['CORRENTE', 'POUPANCA', 'PAGAMENTO']).default('CORRENTE'),
  /** Banco do Brasil's developer application key (`gw-dev-app-key`); needed by profile bb only. */
  APIPIX_APP_KEY: z.string().min(1).optional(),
  /** Deadline of one call to the PSP (token, cob, pix); a create waits at most about twice this. */
  APIPIX_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** Addresses (IPs or CIDR ranges, comma-separated) the PSP's callbacks may come from; empty accepts any. */
  APIPIX_CALLBACK_ALLOW: z.string().default(''),
  /** Tests and local trials only: accept http:// base and token URLs on a loopback address. */
  APIPIX_ALLOW_HTTP_LOOPBACK: bool,
  /** How often the worker reads the PSP's list of received Pix (the sliding window). */
  APIPIX_RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(5).max(3_600).default(60),
  /** How far before its cursor each run reads again, for a Pix the PSP lists late. */
  APIPIX_RECONCILE_OVERLAP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Age after which a cob at the PSP that is no charge of ours is removed; above the Idempotency-Key retention of a create (24 h). */
  APIPIX_ORPHAN_COB_GRACE_HOURS: z.coerce.number().int().min(MIN_ORPHAN_GRACE_HOURS).max(24 * 30).default(MIN_ORPHAN_GRACE_HOURS),
  /** Which PSP sends withdrawals: `simulated` (the sandbox's own; production refuses payouts), `efi` or `inter` (need INSTITUTION=apipix). */
  PAYOUT_PROVIDER: z.enum(['simulated', 'efi', 'inter']).default('simulated'),
  /** Where the PSP's payout endpoints live (Efí: https://pix.api.efipay.com.br; Inter: https://cdpj.partners.bancointer.com.br); the origin of APIPIX_BASE_URL when unset. */
  PAYOUT_BASE_URL: url.optional(),
  /** The paying PIX key (ours at the PSP, with its webhook registered); APIPIX_PIX_KEY when unset. */
  PAYOUT_PIX_KEY: z.string().min(1).optional(),
  /** How often a payout the PSP has not finished is read back (by our identifier). */
  PAYOUT_POLL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** How long the platform's balance read at the PSP is reused; also how often a payout it did not cover is tried again. */
  PAYOUT_FLOAT_READ_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  /** Payouts from the paying key awaiting their outcome at once; the PSP profile's default when unset (Efí: 1). */
  PAYOUT_KEY_CONCURRENCY: z.coerce.number().int().min(1).max(100).optional(),
  /** Sandbox only: the PSP simulator's control API (`…/_control`), through which the sandbox routes pay and return. */
  APIPIX_SIMULATOR_CONTROL_URL: url.optional(),
};

const institutionSchema = z.object(institutionSettings);
type InstitutionSettings = z.infer<typeof institutionSchema>;

/** Messages for a refused value (config-rules' table), one per setting. */
export const INSTITUTION_SETTING_RULES: Record<string, string> = {
  INSTITUTION: 'must be simulated or apipix',
  APIPIX_BASE_URL: 'must be an https:// URL',
  APIPIX_TOKEN_URL: 'must be an https:// URL',
  APIPIX_SIMULATOR_CONTROL_URL: 'must be an https:// URL',
  APIPIX_PROFILE: `must be one of ${APIPIX_PROFILE_NAMES.join(', ')}`,
  APIPIX_ACCOUNT_NUMBER: 'must be the account number, 1 to 20 letters and digits',
  APIPIX_ACCOUNT_BRANCH: 'must be the branch, 1 to 4 digits',
  APIPIX_ACCOUNT_TYPE: 'must be CORRENTE, POUPANCA or PAGAMENTO',
  APIPIX_TIMEOUT_MS: 'must be a number of milliseconds from 100 to 60000',
  APIPIX_RECONCILE_EVERY_SECONDS: 'must be a number of seconds from 5 to 3600',
  APIPIX_RECONCILE_OVERLAP_SECONDS: 'must be a number of seconds from 0 to 86400',
  PAYOUT_PROVIDER: 'must be simulated, efi or inter',
  PAYOUT_BASE_URL: 'must be an https:// URL',
  PAYOUT_POLL_SECONDS: 'must be a number of seconds from 1 to 3600',
  PAYOUT_FLOAT_READ_SECONDS: 'must be a number of seconds from 1 to 60',
  PAYOUT_KEY_CONCURRENCY: 'must be a whole number from 1 to 100',
  APIPIX_ORPHAN_COB_GRACE_HOURS: `must be a number of hours from ${MIN_ORPHAN_GRACE_HOURS} (a create may be retried with its Idempotency-Key for 24 hours) to 720`,
};

/** Never repeated in a message. */
export const INSTITUTION_SECRET_SETTINGS = ['APIPIX_CLIENT_SECRET', 'APIPIX_PFX_PASSPHRASE', 'APIPIX_APP_KEY'];

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return LOOPBACK_NAMES.has(bare) || (isIP(bare) === 4 && bare.startsWith('127.'));
}

function urlProblem(name: string, value: string, allowHttpLoopback: boolean): string | null {
  const u = new URL(value);
  if (u.protocol === 'https:') return null;
  if (!isLoopback(u.hostname)) return `${name} must be an https:// URL (http:// is accepted only for a loopback address, for tests)`;
  if (!allowHttpLoopback) return `${name} is http:// on a loopback address: set APIPIX_ALLOW_HTTP_LOOPBACK=true to accept it (tests and local trials only)`;
  return null;
}

function unreadable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return false;
  } catch {
    return true;
  }
}

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const isPixKey = (v: string) =>
  PIX_KEY_TYPES.some((type) => {
    try {
      return normalizePixKey(type, v) === v;
    } catch {
      return false;
    }
  });

/**
 * The simulator's control API pays charges at will: only a sandbox on API Pix may use it, and
 * only on this machine (the simulator listens on 127.0.0.1 alone).
 */
function simulatorControlProblem(c: InstitutionSettings & { MODE: string }): string | null {
  const value = c.APIPIX_SIMULATOR_CONTROL_URL;
  if (!value) return null;
  if (c.MODE === 'production') return 'APIPIX_SIMULATOR_CONTROL_URL is a sandbox setting: production mode refuses it (a simulator would pay its charges)';
  if (c.INSTITUTION !== 'apipix') return 'APIPIX_SIMULATOR_CONTROL_URL needs INSTITUTION=apipix (the simulated institution pays its charges itself)';
  if (!isLoopback(new URL(value).hostname)) return 'APIPIX_SIMULATOR_CONTROL_URL must be on a loopback address (the PSP simulator listens on 127.0.0.1 only)';
  return urlProblem('APIPIX_SIMULATOR_CONTROL_URL', value, c.APIPIX_ALLOW_HTTP_LOOPBACK);
}

/** The rules that span settings; one sentence per problem. Only the simulator's control URL is checked with INSTITUTION=simulated. */
export function institutionProblems(c: InstitutionSettings & { MODE: string }): string[] {
  const control = simulatorControlProblem(c);
  const payout = c.PAYOUT_PROVIDER !== 'simulated' && c.INSTITUTION !== 'apipix' ? `PAYOUT_PROVIDER=${c.PAYOUT_PROVIDER} needs INSTITUTION=apipix (payouts use its OAuth2 client, certificate and settings)` : null;
  if (c.INSTITUTION !== 'apipix') return [control, payout].filter((p): p is string => p !== null);
  const problems: string[] = control ? [control] : [];
  if (c.PAYOUT_BASE_URL) {
    const problem = urlProblem('PAYOUT_BASE_URL', c.PAYOUT_BASE_URL, c.APIPIX_ALLOW_HTTP_LOOPBACK);
    if (problem) problems.push(problem);
  }
  if (c.PAYOUT_PIX_KEY && !isPixKey(c.PAYOUT_PIX_KEY)) problems.push('PAYOUT_PIX_KEY must be a PIX key as the DICT stores it (CPF or CNPJ digits, +55 phone, lower-case e-mail or EVP)');
  for (const name of ['APIPIX_BASE_URL', 'APIPIX_TOKEN_URL', 'APIPIX_CLIENT_ID', 'APIPIX_CLIENT_SECRET', 'APIPIX_PIX_KEY'] as const) {
    if (!c[name]) problems.push(`INSTITUTION=apipix needs ${name}`);
  }
  for (const name of ['APIPIX_BASE_URL', 'APIPIX_TOKEN_URL'] as const) {
    const value = c[name];
    const problem = value ? urlProblem(name, value, c.APIPIX_ALLOW_HTTP_LOOPBACK) : null;
    if (problem) problems.push(problem);
  }
  const pem = Boolean(c.APIPIX_CERT_FILE) || Boolean(c.APIPIX_KEY_FILE);
  const pfx = Boolean(c.APIPIX_PFX_FILE);
  if (pem && pfx) problems.push('APIPIX_CERT_FILE and APIPIX_KEY_FILE, or APIPIX_PFX_FILE: give the client certificate one way, not both');
  else if (pem && !(c.APIPIX_CERT_FILE && c.APIPIX_KEY_FILE)) problems.push('APIPIX_CERT_FILE and APIPIX_KEY_FILE go together: the client certificate and its private key');
  else if (!pem && !pfx && c.APIPIX_BASE_URL?.startsWith('https:')) {
    problems.push('INSTITUTION=apipix needs the client certificate the PSP issued: APIPIX_CERT_FILE and APIPIX_KEY_FILE, or APIPIX_PFX_FILE');
  }
  if (c.APIPIX_PFX_PASSPHRASE && !pfx) problems.push('APIPIX_PFX_PASSPHRASE is set without APIPIX_PFX_FILE');
  for (const name of ['APIPIX_CERT_FILE', 'APIPIX_KEY_FILE', 'APIPIX_PFX_FILE', 'APIPIX_CA_FILE'] as const) {
    const file = c[name];
    if (file && unreadable(file)) problems.push(`${name} names a file that cannot be read: ${JSON.stringify(file)}`);
  }
  if (c.APIPIX_PIX_KEY && !isPixKey(c.APIPIX_PIX_KEY)) {
    problems.push('APIPIX_PIX_KEY must be a PIX key as the DICT stores it (CPF or CNPJ digits, +55 phone, lower-case e-mail or EVP)');
  }
  const badAddresses = c.APIPIX_CALLBACK_ALLOW.split(',').map((a) => a.trim()).filter((a) => a && !isAddressOrRange(a));
  if (badAddresses.length > 0) problems.push(`APIPIX_CALLBACK_ALLOW must list IP addresses or CIDR ranges, got ${JSON.stringify(badAddresses.join(','))}`);
  if (c.APIPIX_PROFILE === 'bb' && !c.APIPIX_APP_KEY) problems.push("APIPIX_PROFILE=bb needs APIPIX_APP_KEY, Banco do Brasil's developer application key (gw-dev-app-key)");
  return problems;
}

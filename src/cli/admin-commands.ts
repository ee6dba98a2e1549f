import { parseArgs } from 'node:util';
import { loadConfig } from '../main/config';
import { openDatabase } from '../main/database';
import { wireAccounts } from '../main/wiring/accounts';
import { buildPlatform } from '../main/wiring/platform';
import { checkSellerAccountInput, createSellerAccount, type SellerAccountInput } from '../domain/accounts/create-seller-account';
import { checkPassword, normalizeEmail } from '../domain/accounts/identity.service';
import { systemClock } from '../domain/shared/clock';
import { joiningTransaction } from '../infra/db/account.repositories';
import { createLogger } from '../infra/log/logger';
import { InProcessLiveEvents, createLivePubSub } from '../infra/live/in-process-live-events';
import { resealSecrets } from '../infra/security/reseal-secrets';
import { APIPIX_USAGE, runApiPixAdmin } from './apipix-admin';
import { RECONCILE_USAGE, runReconcileAdmin } from './reconcile-admin';

const USAGE = `usage: npm run -s admin -- create-seller --email E --password P --name N --document CPF_OR_CNPJ [--operator] [--mode test]
       npm run -s admin -- create-operator --email E --password P
       npm run -s admin -- reseal-secrets [--check]
${APIPIX_USAGE}
${RECONCILE_USAGE}

create-seller   signs up a user, registers its seller and creates a test API key;
                prints {user, seller, apiKey} as JSON (the key is shown only here).
create-operator signs up an operator user (for KYC review, fee plans, manual corrections).
reseal-secrets  re-seals the stored webhook secrets and TOTP seeds with APP_SECRET (the
                step of an APP_SECRET rotation after every instance runs the new secret
                with the old one in APP_SECRET_ACCEPTED); --check only counts.

Every value is checked before anything is written, and the writes commit together.`;

/** Where progress lines go (stderr from the command line, so stdout stays JSON). */
export type Progress = (line: string) => void;

/** Runs one admin command; resolves with what to print as JSON. */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv = process.env, progress: Progress = () => undefined): Promise<Record<string, unknown>> {
  const [command, ...rest] = argv;
  if (command === 'reseal-secrets') return runReseal(rest, env, progress);
  if (command === 'apipix') return runApiPixAdmin(rest, env, progress);
  if (command === 'reconcile') return runReconcileAdmin(rest, env, progress, () => new UsageError(USAGE));
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      document: { type: 'string' },
      mode: { type: 'string', default: 'test' },
      operator: { type: 'boolean', default: false },
    },
  });
  if (command !== 'create-seller' && command !== 'create-operator') throw new UsageError(USAGE);
  if (!values.email || !values.password) throw new UsageError(USAGE);
  if (command === 'create-seller' && (!values.name || !values.document)) throw new UsageError(USAGE);
  // The admin writes rows only: it needs neither the broker nor the service's logs.
  const config = loadConfig({ ...env, AMQP_URL: undefined, LOG_LEVEL: 'silent' });
  const input: SellerAccountInput = {
    email: values.email,
    password: values.password,
    name: values.name ?? '',
    document: values.document ?? '',
    keyMode: values.mode ?? 'test',
    operator: values.operator ?? false,
  };
  // Check what can be checked before writing anything, so a refused command leaves nothing behind.
  if (command === 'create-seller') checkSellerAccountInput(input, config.MODE);
  else {
    normalizeEmail(input.email);
    checkPassword(input.password);
  }

  progress(config.DATABASE_URL ? 'opening the database (DATABASE_URL) and applying migrations...' : `opening the embedded database in ${config.DATA_DIR} and applying migrations...`);
  const db = await openDatabase(config);
  try {
    const platform = buildPlatform(config, db.orm, createLogger('silent'), systemClock, new InProcessLiveEvents(createLivePubSub()));
    progress(command === 'create-seller' ? 'creating the user, its seller and a test API key...' : 'creating the operator...');
    return await db.orm.em.fork().transactional(async (em) => {
      const accounts = wireAccounts({ ...platform, em: joiningTransaction(em) });
      if (command === 'create-operator') {
        const user = await accounts.identity.signUp({ email: input.email, password: input.password, role: 'OPERATOR' });
        return { user: { id: user.id, email: user.email, role: user.role } };
      }
      const { user, seller, key, apiKey } = await createSellerAccount(accounts, input, config.MODE);
      return {
        user: { id: user.id, email: user.email, role: user.role },
        seller: { id: seller.id, name: seller.name, kycStatus: seller.kycStatus },
        apiKey: { id: apiKey.id, key, mode: apiKey.mode },
      };
    });
  } finally {
    await db.close();
  }
}

export class UsageError extends Error {}

async function runReseal(args: string[], env: NodeJS.ProcessEnv, progress: Progress): Promise<Record<string, unknown>> {
  let check: boolean;
  try {
    check = parseArgs({ args, options: { check: { type: 'boolean', default: false } } }).values.check ?? false;
  } catch {
    throw new UsageError(USAGE);
  }
  const config = loadConfig({ ...env, AMQP_URL: undefined, LOG_LEVEL: 'silent' });
  progress(config.DATABASE_URL ? 'opening the database (DATABASE_URL)...' : `opening the embedded database in ${config.DATA_DIR}...`);
  const db = await openDatabase(config);
  try {
    const platform = buildPlatform(config, db.orm, createLogger('silent'), systemClock, new InProcessLiveEvents(createLivePubSub()));
    progress(check ? 'counting secrets not sealed with APP_SECRET...' : 're-sealing secrets with APP_SECRET...');
    const columns = await resealSecrets(platform.sql, platform.secretBox, { check });
    const pending = columns.reduce((n, c) => n + c.resealed + c.changedMeanwhile, 0);
    const unreadable = columns.reduce((n, c) => n + c.unreadable.length, 0);
    return { check, columns, ...(check ? { notCurrent: pending } : { runAgain: columns.some((c) => c.changedMeanwhile > 0) }), unreadable };
  } finally {
    await db.close();
  }
}

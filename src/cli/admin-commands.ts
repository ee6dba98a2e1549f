import { parseArgs } from 'node:util';
import { loadConfig } from '../app/config';
import { buildServices } from '../app/container';
import { openDatabase } from '../app/database';
import { parseDocument } from '../domain/documents/document';
import { systemClock } from '../domain/shared/clock';
import { createLogger } from '../infra/log/logger';
import { InProcessLiveEvents, createLivePubSub } from '../infra/live/in-process-live-events';

const USAGE = `usage: npm run admin -- create-seller --email E --password P --name N --document CPF_OR_CNPJ [--operator] [--mode test|live]
       npm run admin -- create-operator --email E --password P

create-seller  signs up a user, registers its seller and creates an API key;
               prints {user, seller, apiKey} as JSON (the key is shown only here).
create-operator signs up an operator user (for KYC review, fee plans, manual corrections).`;

/** Runs one admin command; resolves with what to print as JSON. */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<Record<string, unknown>> {
  const [command, ...rest] = argv;
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
  if (command === 'create-seller') {
    if (!values.name || !values.document) throw new UsageError(USAGE);
    // Check what can be checked before writing anything, so a bad document leaves no user behind.
    parseDocument(values.document, { allowSandboxMagic: (env.MODE ?? 'sandbox') === 'sandbox' });
  }
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const db = await openDatabase(config);
  try {
    const services = buildServices(config, db.orm, createLogger('silent'), systemClock, new InProcessLiveEvents(createLivePubSub()));
    const role = command === 'create-operator' || values.operator ? 'OPERATOR' : 'USER';
    const user = await services.identity.signUp({ email: values.email, password: values.password, role });
    if (command === 'create-operator') return { user: { id: user.id, email: user.email, role: user.role } };
    const seller = await services.sellers.registerSeller(user, { name: values.name!, document: values.document! });
    const { key, apiKey } = await services.apiKeys.create(user, values.mode as 'test' | 'live');
    return {
      user: { id: user.id, email: user.email, role: user.role },
      seller: { id: seller.id, name: seller.name, kycStatus: seller.kycStatus },
      apiKey: { id: apiKey.id, key, mode: apiKey.mode },
    };
  } finally {
    await db.close();
  }
}

export class UsageError extends Error {}


import 'reflect-metadata';
import { ConfigError } from '../app/config';
import { StartupError } from '../app/database';
import { isDomainError } from '../domain/shared/errors';
import { runAdmin, UsageError } from './admin-commands';

runAdmin(process.argv.slice(2))
  .then((out) => process.stdout.write(`${JSON.stringify(out, null, 2)}\n`))
  .catch((e: unknown) => {
    if (e instanceof UsageError) process.stderr.write(`${e.message}\n`);
    else if (isDomainError(e)) process.stderr.write(`admin: ${e.code}: ${e.message}\n`);
    else if (e instanceof ConfigError || e instanceof StartupError) process.stderr.write(`admin: ${e.message}\n`);
    else process.stderr.write(`admin failed: ${(e as Error).stack}\n`);
    process.exit(e instanceof UsageError ? 64 : 1);
  });

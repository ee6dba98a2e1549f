import 'reflect-metadata';
import { ConfigError } from '../main/config';
import { StartupError } from '../main/database';
import { isDomainError } from '../domain/shared/errors';
import { runAdmin, UsageError } from './admin-commands';

// Exits explicitly once the work is done: nothing left open (a timer, a socket) may keep a command waiting.
const exit = (code: number) => process.stdout.write('', () => process.exit(code));

runAdmin(process.argv.slice(2), process.env, (line) => process.stderr.write(`${line}\n`))
  .then((out) => {
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    exit(0);
  })
  .catch((e: unknown) => {
    if (e instanceof UsageError) process.stderr.write(`${e.message}\n`);
    else if (isDomainError(e)) process.stderr.write(`admin: ${e.code}: ${e.message}\n`);
    else if (e instanceof ConfigError || e instanceof StartupError) process.stderr.write(`admin: ${e.message}\n`);
    else process.stderr.write(`admin failed: ${(e as Error).stack}\n`);
    exit(e instanceof UsageError ? 64 : 1);
  });

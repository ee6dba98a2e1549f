import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGraphqlSchema, printSdl } from '../graphql/schema';
import { createLivePubSub } from '../infra/live/in-process-live-events';

/** Writes schema.graphql at the repository root from the resolvers. */
async function main() {
  const sdl = printSdl(await buildGraphqlSchema(createLivePubSub()));
  const target = join(__dirname, '..', '..', '..', 'schema.graphql');
  writeFileSync(target, sdl);
  process.stdout.write(`wrote ${target}\n`);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});

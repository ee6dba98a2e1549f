import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGraphqlSchema, printSdl } from '../../src/graphql/schema';
import { createLivePubSub } from '../../src/infra/live/in-process-live-events';

describe('schema.graphql', () => {
  it('is the schema the code builds (run `npm run schema:emit` after changing resolvers)', async () => {
    const current = printSdl(await buildGraphqlSchema(createLivePubSub()));
    const checkedIn = readFileSync(join(__dirname, '..', '..', 'schema.graphql'), 'utf8');
    expect(checkedIn).toBe(current);
  });
});

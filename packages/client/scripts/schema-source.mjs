// The generated part of the SDK: openapi-typescript's types for the REST contract.
// One function, used by `npm run generate` and by the test that fails when the SDK is stale.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const here = dirname(fileURLToPath(import.meta.url));

/** The contract the SDK is generated from: the repository's openapi.json. */
export const CONTRACT_FILE = join(here, '..', '..', '..', 'openapi.json');
/** Where the generated types live in the SDK's sources. */
export const SCHEMA_FILE = join(here, '..', 'src', 'generated', 'schema.ts');

/** The TypeScript source generated from an OpenAPI document's text. */
export async function schemaSource(documentText = readFileSync(CONTRACT_FILE, 'utf8')) {
  // Optional fields stay optional in answers too (the service omits empty ones).
  const ast = await openapiTS(JSON.parse(documentText), { defaultNonNullable: false });
  return COMMENT_HEADER + astToString(ast);
}

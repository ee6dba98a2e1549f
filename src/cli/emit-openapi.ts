import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument } from '../rest/openapi/document';
import { openApiJson } from '../rest/openapi/serialize';

/** Writes openapi.json at the repository root from the REST door's schemas. */
const target = join(__dirname, '..', '..', '..', 'openapi.json');
writeFileSync(target, openApiJson(openApiDocument()));
process.stdout.write(`wrote ${target}\n`);

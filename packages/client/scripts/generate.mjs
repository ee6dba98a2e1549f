#!/usr/bin/env node
// Regenerates src/generated/schema.ts from the repository's openapi.json (run after `npm run openapi:emit` changes it).
import { writeFileSync } from 'node:fs';
import { SCHEMA_FILE, schemaSource } from './schema-source.mjs';

writeFileSync(SCHEMA_FILE, await schemaSource());

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/rest/openapi/document';
import { openApiJson, openApiYaml } from '../../src/rest/openapi/serialize';

const ROOT = join(__dirname, '..', '..');

describe('openapi.json', () => {
  it('is the document the code builds (run `npm run -s openapi:emit` after changing a route or a schema)', () => {
    expect(readFileSync(join(ROOT, 'openapi.json'), 'utf8')).toBe(openApiJson(openApiDocument()));
  });

  it('is a valid OpenAPI 3.1 document (the official JSON schema)', async () => {
    const result = await new Validator().validate(JSON.parse(openApiJson(openApiDocument())));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(openApiDocument().openapi).toBe('3.1.0');
  });

  it('passes the checked-in Redocly ruleset (redocly.yaml) with no error or warning', async () => {
    const config = await loadConfig({ configPath: join(ROOT, 'redocly.yaml') });
    const problems = await lintFromString({ source: openApiJson(openApiDocument()), absoluteRef: join(ROOT, 'openapi.json'), config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('reads the same as YAML', async () => {
    const { parse } = await import('yaml');
    expect(parse(openApiYaml(openApiDocument()))).toEqual(JSON.parse(openApiJson(openApiDocument())));
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ApolloServerErrorCode } from '@apollo/server/errors';
import { ERROR_CODES_EXTENSION } from '../../src/rest/openapi/components';
import { openApiDocument } from '../../src/rest/openapi/document';

const ROOT = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * Where the service's code writes an error code: the first argument of the error
 * constructors and of the validation helpers that carry a code (`coded`, `issue`...),
 * and `code:` in the options of the query helpers and in GraphQL refusals.
 */
const CODE_IN_SOURCE =
  /(?:\b(?:DomainError|validationError|notFound|coded|codedMessage|refusal)\(\s*|\bissue\(\s*ctx,\s*|\bcode:\s*)'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})'/g;

/** The codes the service's sources raise (literal codes; built ones such as INVALID_PIX_KEY_<TYPE> come from the document). */
export function codesInSources(): Set<string> {
  const codes = new Set<string>();
  for (const file of sourceFiles(join(ROOT, 'src'))) for (const m of readFileSync(file, 'utf8').matchAll(CODE_IN_SOURCE)) codes.add(m[1]!);
  return codes;
}

/** The codes the REST door documents, response by response (`x-error-codes`, checked against real answers by the contract tests). */
export function codesInOpenApi(): Set<string> {
  const codes = new Set<string>();
  JSON.stringify(openApiDocument(), (key, value: unknown) => {
    if (key === ERROR_CODES_EXTENSION && Array.isArray(value)) for (const c of value) codes.add(String(c));
    return value;
  });
  return codes;
}

/** Every error code the API can answer: its sources, its REST document and the GraphQL server's own. */
export function apiErrorCodes(): Set<string> {
  return new Set([...codesInSources(), ...codesInOpenApi(), ...Object.values(ApolloServerErrorCode)]);
}

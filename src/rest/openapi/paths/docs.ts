import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { headers } from '../components';
import { registerOperation } from '../operation';
import { z } from '../zod';

/** This document and the pages around it. */
export function registerDocs(registry: OpenAPIRegistry): void {
  const page = (path: string, operationId: string, summary: string, description: string, content: Record<string, { schema: z.ZodTypeAny }>, errors = {}) =>
    registerOperation(registry, { method: 'get', path, operationId, summary, description, tag: 'Documentation', auth: 'none', errors, responses: { 200: { description: summary, headers: headers(), content } } });
  page(
    '/',
    'getHome',
    'Home page',
    'For browsers (Accept: text/html): links to the API reference (/docs), the GraphQL explorer (/graphql) and the seller dashboard (/dashboard/). Other clients get 404.',
    { 'text/html': { schema: z.string() } },
    { 404: ['ROUTE_NOT_FOUND'] },
  );
  page('/docs', 'getApiReference', 'API reference', 'This document rendered by Swagger UI, served by the service (works offline).', { 'text/html': { schema: z.string() } });
  page('/openapi.json', 'getOpenApiJson', 'OpenAPI document (JSON)', 'This document; `servers` names the address the service is reached at.', { 'application/json': { schema: z.record(z.unknown()) } });
  page('/openapi.yaml', 'getOpenApiYaml', 'OpenAPI document (YAML)', 'This document as YAML.', { 'application/yaml': { schema: z.string() } });
}

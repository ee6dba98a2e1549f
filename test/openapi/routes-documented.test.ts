import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/rest/openapi/document';
import { startTestApp, type TestApp } from '../support/app';

/** Apps of their own, described elsewhere: GraphQL (schema.graphql), the seller dashboard and the documentation site. */
const OWN_APPS = [/^\/graphql(-explorer)?(\/|$)/, /^\/dashboard(\/|$)/, /^\/guide(\/|$)/];

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every METHOD path routed by Express: routers are mounted without a path prefix, so route paths are whole. */
function expressRoutes(stack: Layer[], out = new Set<string>()): Set<string> {
  for (const layer of stack) {
    if (layer.route) {
      for (const path of ([] as string[]).concat(layer.route.path)) {
        for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') out.add(`${method.toUpperCase()} ${path}`);
      }
    } else if (layer.handle?.stack) {
      expressRoutes(layer.handle.stack, out);
    }
  }
  return out;
}

const asOpenApiPath = (expressPath: string) => expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN: 'a-metrics-token-of-some-length' });
});
afterAll(async () => {
  await app?.close();
});

describe('the document and the Express routes', () => {
  it('every route registered in Express is in the document, and every documented path is registered', () => {
    const express = app.server.listeners('request')[0] as unknown as Express & { router: { stack: Layer[] } };
    const routed = [...expressRoutes(express.router.stack)]
      .filter((r) => !OWN_APPS.some((re) => re.test(r.split(' ')[1]!)))
      .map((r) => {
        const [method, path] = r.split(' ');
        return `${method} ${asOpenApiPath(path!)}`;
      })
      .sort();
    const documented = Object.entries(openApiDocument().paths ?? {})
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(routed.length).toBeGreaterThan(40);
    expect(routed).toEqual(documented);
  });

  it('sandbox-only operations are tagged Sandbox and marked x-sandbox-only, and only those live under /v1/sandbox', () => {
    for (const [path, item] of Object.entries(openApiDocument().paths ?? {})) {
      for (const op of Object.values(item) as { tags?: string[]; 'x-sandbox-only'?: boolean }[]) {
        const sandbox = path.startsWith('/v1/sandbox/');
        expect({ path, marked: op['x-sandbox-only'] === true, tagged: op.tags?.includes('Sandbox') === true }).toEqual({ path, marked: sandbox, tagged: sandbox });
      }
    }
  });
});

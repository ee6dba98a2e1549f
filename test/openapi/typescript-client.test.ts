import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/rest/openapi/document';
import { openApiJson } from '../../src/rest/openapi/serialize';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { assertMatchesContract } from '../support/contract';
import type { paths } from '../support/openapi-client/schema';

const SCHEMA_FILE = join(__dirname, '..', 'support', 'openapi-client', 'schema.d.ts');

let app: TestApp;
let apiKey: string;
beforeAll(async () => {
  app = await startTestApp();
  apiKey = (await onboardSeller(app)).apiKey;
});
afterAll(async () => {
  await app?.close();
});

/** A typed client generated from openapi.json (openapi-typescript types, openapi-fetch calls); every answer is also contract-checked. */
function client(auth: Record<string, string>) {
  return createClient<paths>({
    baseUrl: app.url,
    headers: auth,
    fetch: async (request: Request) => {
      const sentText = request.body ? await request.clone().text() : '';
      const res = await fetch(request);
      const text = await res.clone().text();
      const body = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
      const url = new URL(request.url);
      const sent = !sentText ? { json: false as const } : request.headers.get('content-type')?.includes('json') ? { json: true as const, body: JSON.parse(sentText) } : undefined;
      assertMatchesContract({ method: request.method, url: url.pathname + url.search, status: res.status, headers: res.headers, body, sent });
      return res;
    },
  });
}

describe('the TypeScript client generated from the document', () => {
  it('is generated from the current document (run `npm run -s openapi:emit`)', async () => {
    const generated = COMMENT_HEADER + astToString(await openapiTS(JSON.parse(openApiJson(openApiDocument())), { defaultNonNullable: false }));
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
  });

  it('creates a charge, reads it back and reads the balance', async () => {
    const cobranca = client({ 'x-api-key': apiKey });
    const created = await cobranca.POST('/api/v1/cobranca/transactions', {
      params: { header: { 'Idempotency-Key': `client-${Date.now()}` } },
      body: { amount: 2590, description: 'Pedido 7', customer: { name: 'Maria Souza', document: '529.982.247-25' } },
    });
    expect(created.response.status).toBe(201);
    const charge = created.data!.data;
    expect(charge).toMatchObject({ amount: 2590, status: 'PENDING', paymentMethod: 'PIX' });
    expect(charge.pix?.copyPaste).toMatch(/^000201/);

    const read = await cobranca.GET('/api/v1/cobranca/transactions/{id}', { params: { path: { id: charge.id } } });
    expect(read.data?.data.id).toBe(charge.id);

    const paid = await cobranca.POST('/v1/sandbox/transactions/{id}/pay', { params: { path: { id: charge.id } } });
    expect(paid.data?.data.status).toBe('PAID');

    const balance = await client({ authorization: `Bearer ${apiKey}` }).GET('/balance-statement');
    expect(balance.data?.data).toEqual({ available: 2590 - paid.data!.data.feeAmount!, blocked: 0, total: 2590 - paid.data!.data.feeAmount!, debt: 0, currency: 'BRL' });
  });

  it('types the documented errors: a wrong amount is a CobrancaError with its code', async () => {
    const res = await client({ 'x-api-key': apiKey }).POST('/api/v1/cobranca/transactions', {
      params: { header: { 'Idempotency-Key': `client-bad-${Date.now()}` } },
      body: { amount: 0 },
    });
    expect(res.response.status).toBe(400);
    expect(res.error).toMatchObject({ code: 'AMOUNT_TOO_LOW', correlationID: expect.any(String) });
  });
});

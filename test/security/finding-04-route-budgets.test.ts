import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/application/services';
import { authenticate } from '../../src/rest/middleware/auth';
import { rateLimited } from '../../src/rest/middleware/rate-limit';
import { routedUnder } from '../../src/rest/routed-under';
import { onboardSeller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';

/**
 * Issue #34, finding 4: dispute and data-subject paths were authenticated but spent no
 * budget (no RateLimit header). They now do, and the router refuses to start a route
 * that authenticates without a budget class.
 */
let app: TestApp;
let seller: Awaited<ReturnType<typeof onboardSeller>>;

beforeAll(async () => {
  app = await startTestApp();
  seller = await onboardSeller(app);
});
afterAll(() => app?.close());

describe('finding 4: every authenticated path spends a budget', () => {
  it.each([
    ['GET', '/v1/disputes', 'lists'],
    ['GET', '/v1/disputes/dsp_unknown', 'reads'],
    ['GET', '/v1/disputes/dsp_unknown/evidence/evd_unknown', 'reads'],
    ['POST', '/v1/disputes/appeal', 'creates'],
  ])('%s %s counts against the seller`s %s budget', async (method, path, limitClass) => {
    const res = await rest(app, method, path, { key: seller.apiKey, ...(method === 'POST' ? { idempotencyKey: crypto.randomUUID() } : {}) });
    expect(res.headers.get('ratelimit-policy')).toContain(`"${limitClass}"`);
    expect(res.headers.get('ratelimit')).toContain(`"${limitClass}"`);
  });

  it('data-subject export and erasure request count too (the export at the price of a CSV export)', async () => {
    const exported = await rest(app, 'GET', '/data-subject/export', { bearer: seller.session });
    expect(exported.headers.get('ratelimit-policy')).toContain('"lists"');
    const erasure = await rest(app, 'POST', '/data-subject/erasure-request', { bearer: seller.session, body: {} });
    expect(erasure.headers.get('ratelimit-policy')).toContain('"creates"');
    const link = await rest(app, 'GET', '/data-subject/export/download/not-a-token');
    expect(link.headers.get('ratelimit-policy')).toContain('"public"');
  });

  it('the router refuses, at start, an authenticated route without a budget', () => {
    const services = {} as Services;
    const forgetful = Router().get('/v1/new-thing', authenticate(services, 'bearer'), (_req, res) => res.end());
    expect(() => routedUnder(['/v1/new-thing'], forgetful)).toThrow('authenticated routes without a rate-limit budget (use rateLimited): /v1/new-thing');
    const careful = Router().get('/v1/new-thing', rateLimited(services, authenticate(services, 'bearer')), (_req, res) => res.end());
    expect(() => routedUnder(['/v1/new-thing'], careful)).not.toThrow();
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../src/main/start-application';
import { onboardSeller, type TestApp } from '../support/app';
import { rest } from '../support/rest';
import { startTwoApiInstances } from '../support/two-api-instances';
import { platformOf, sqlOf } from '../support/platform';

// Credentials are cached in each api instance; a change made through one instance must
// reach the other's cache over the live-event bus: once B has received what A announced
// (settled), B decides with the change.
let instances: Awaited<ReturnType<typeof startTwoApiInstances>>;
let a: TestApp;
let b: RunningApp;

beforeAll(async () => {
  instances = await startTwoApiInstances('auth-cache');
  ({ a, b } = instances);
});
afterAll(async () => {
  await instances?.close();
});

/**
 * Waits until B has received every credential change A announced so far: one publisher's
 * messages reach a queue in order, so a marker sent last and seen by B closes the gap.
 */
async function settled(): Promise<void> {
  const marker = `marker-${randomUUID()}`;
  const seen = new Promise<void>((resolve) => platformOf(b).live.onEvent('CREDENTIALS_CHANGED', (e) => e.sellerId === marker && resolve()));
  platformOf(a).live.publish({ topic: 'CREDENTIALS_CHANGED', sellerId: marker, resourceId: marker, payload: {} });
  await seen;
}

const balanceStatus = async (app: { url: string }, key: string) => (await rest(app, 'GET', '/balance-statement', { bearer: key })).status;
const createCharge = (app: { url: string }, key: string) =>
  rest(app, 'POST', '/api/v1/cobranca/transactions', { key, idempotencyKey: randomUUID(), body: { amount: 1_000 } });

async function keyOf(s: Awaited<ReturnType<typeof onboardSeller>>) {
  const user = (await a.services.identity.authenticateSession(s.session)) as { user: Parameters<typeof a.services.apiKeys.revoke>[0] };
  const keys = await a.services.apiKeys.list(user.user);
  return { user: user.user, keyId: keys[0]!.id };
}

describe('the credential cache across two api instances', () => {
  it('serves a key from memory: a change written behind its back is not seen until announced', async () => {
    const s = await onboardSeller(a);
    await settled(); // onboarding announced the new key and seller; let those pass first
    expect((await createCharge(b, s.apiKey)).status).toBe(201); // B has now resolved and cached the key
    // Rejected straight in the database, bypassing every use case: nothing is announced.
    await sqlOf(a).query(`update sellers set kyc_status = 'REJECTED' where id = ?`, [s.sellerId]);
    expect((await createCharge(b, s.apiKey)).status).toBe(201);

    // The same change through the use case on A is announced, and B refuses once it arrived.
    const operator = { ...(await keyOf(s)).user, role: 'OPERATOR' as const };
    await a.services.sellers.reviewKyc(operator, s.sellerId, 'REJECTED');
    await settled();
    const refused = await createCharge(b, s.apiKey);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SELLER_NOT_APPROVED' });
  });

  it('a key revoked on one instance is refused by the other once the announcement arrived', async () => {
    const s = await onboardSeller(a);
    expect(await balanceStatus(b, s.apiKey)).toBe(200);
    expect(await balanceStatus(a, s.apiKey)).toBe(200);
    const { user, keyId } = await keyOf(s);
    await a.services.apiKeys.revoke(user, keyId);
    expect(await balanceStatus(a, s.apiKey)).toBe(401); // the instance that revoked forgets at once
    await settled();
    const refused = await rest(b, 'GET', '/balance-statement', { bearer: s.apiKey });
    expect(refused.body).toMatchObject({ status: false, erro: 'UNAUTHENTICATED' });
  });

  it('a key created on one instance works on the other at once (unknown keys are looked up)', async () => {
    const s = await onboardSeller(a);
    const { user } = await keyOf(s);
    expect(await balanceStatus(b, s.apiKey)).toBe(200);
    const { key } = await a.services.apiKeys.create(user, 'test');
    expect(await balanceStatus(b, key)).toBe(200);
    expect(await balanceStatus(b, `${key.slice(0, -1)}x`)).toBe(401);
  });
});

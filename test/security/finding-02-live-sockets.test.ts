import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { gql, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { startTwoApiInstances } from '../support/two-api-instances';

/**
 * Issue #34, finding 2: a graphql-ws socket kept the principal it connected with, and
 * still received PAID events after its API key was revoked and its session logged out.
 * Now such sockets close (4401), across api instances, and expiry is checked on a timer.
 */

/** An acknowledged graphql-ws socket; `closed` resolves with the close code. */
async function liveSocket(app: { url: string }, token: string): Promise<{ closed: Promise<number>; socket: WebSocket }> {
  const socket = new WebSocket(`${app.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
    socket.on('message', (data) => (JSON.parse(String(data)).type === 'connection_ack' ? resolve() : undefined));
    void closed.then((code) => reject(new Error(`closed with ${code} before the ack`)));
  });
  return { closed, socket };
}

/** Resolves with the close code, or 'open' if the socket is still open after `ms` (only used where it must close). */
const within = (closed: Promise<number>, ms: number) => Promise.race([closed, new Promise<'open'>((r) => setTimeout(() => r('open'), ms).unref())]);

describe('finding 2: live subscriptions end with their credential', () => {
  let two: Awaited<ReturnType<typeof startTwoApiInstances>>;
  beforeAll(async () => {
    two = await startTwoApiInstances('finding-02');
  });
  afterAll(() => two?.close());

  it('revoking an API key on one instance closes its socket on the other', async () => {
    const seller = await onboardSeller(two.a);
    const { closed } = await liveSocket(two.b, seller.apiKey);
    const keys = await gql(two.a, '{ apiKeys { id revokedAt } }', {}, seller.session);
    const keyId = keys.data!.apiKeys.find((k: { revokedAt: string | null }) => !k.revokedAt).id as string;
    expect((await gql(two.a, 'mutation($id:ID!){ revokeApiKey(id:$id){ id } }', { id: keyId }, seller.session)).errors).toBeUndefined();
    expect(await within(closed, 10_000)).toBe(4401);
  });

  it('logging out on one instance closes the session`s socket on the other; other sockets stay', async () => {
    const seller = await onboardSeller(two.a);
    const session = await liveSocket(two.b, seller.session);
    const key = await liveSocket(two.b, seller.apiKey);
    expect((await gql(two.a, 'mutation{ logOut }', {}, seller.session)).errors).toBeUndefined();
    expect(await within(session.closed, 10_000)).toBe(4401);
    expect(key.socket.readyState).toBe(WebSocket.OPEN);
    key.socket.close();
  });
});

describe('finding 2: expiry is checked on a timer', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SESSION_TTL_HOURS: '1', LIVE_CREDENTIAL_CHECK_SECONDS: '1' });
  });
  afterAll(() => app?.close());

  it('a session that expires closes its socket at the next check', async () => {
    const seller = await onboardSeller(app);
    const { closed, socket } = await liveSocket(app, seller.session);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    app.clock.advance(2 * 3_600_000);
    expect(await within(closed, 10_000)).toBe(4401);
  });
});

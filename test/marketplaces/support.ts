import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { gql, onboardSeller, type Seller, startTestApp, type TestApp } from '../support/app';
import { rest } from '../support/rest';

export const TX = '/api/v1/cobranca/transactions';

/** `marketplace` invites `recipient`, which accepts. */
export async function connect(app: TestApp, marketplace: Seller, recipient: Seller): Promise<void> {
  const link = await gql(app, 'mutation($r: ID!){ inviteRecipient(recipientId: $r){ id } }', { r: recipient.sellerId }, marketplace.session);
  await gql(app, 'mutation($l: ID!){ acceptMarketplaceInvitation(linkId: $l){ id } }', { l: link.data!.inviteRecipient.id }, recipient.session);
}

/** A charge created by `marketplace` through REST, under a fresh idempotency key. */
export const createCharge = (app: TestApp, marketplace: Seller, body: unknown, key = randomUUID()) => rest(app, 'POST', TX, { key: marketplace.apiKey, body, idempotencyKey: key });

/** The institution reports the charge paid. */
export const payCharge = (app: TestApp, id: string, end2endId = `E${id.slice(0, 20).padEnd(31, '0')}`) =>
  app.services.transactionReports.apply({ reportId: `paid-${id}`, transactionId: id, status: 'PAID', end2endId });

/** The seller's balances as GET /balance-statement answers them. */
export const walletOf = async (app: TestApp, s: Seller) =>
  (await rest(app, 'GET', '/balance-statement', { bearer: s.apiKey })).body.data as { available: number; blocked: number; debt?: number };

/** A marketplace and two sellers connected to it as recipients. */
export async function marketplaceWithTwoRecipients(app: TestApp): Promise<{ market: Seller; shopA: Seller; shopB: Seller }> {
  const [market, shopA, shopB] = [await onboardSeller(app), await onboardSeller(app), await onboardSeller(app)];
  await connect(app, market, shopA);
  await connect(app, market, shopB);
  return { market, shopA, shopB };
}

/** A test app (api role) for the file, with a marketplace connected to two recipients. */
export function useMarketplaceApp(started: (t: { app: TestApp; market: Seller; shopA: Seller; shopB: Seller }) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp({ ROLE: 'api' });
    started({ app, ...(await marketplaceWithTwoRecipients(app)) });
  });
  afterAll(async () => {
    await app?.close();
  });
}

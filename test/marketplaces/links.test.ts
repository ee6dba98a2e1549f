import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlErrorCode, onboardSeller, startTestApp, type TestApp } from '../support/app';
import { sqlOf } from '../support/platform';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ROLE: 'api' });
});
afterAll(async () => {
  await app?.close();
});

const LINK = 'id marketplaceId recipientId status side acceptedAt endedAt endedBy';
const invite = (token: string, recipientId: string) => gql(app, `mutation($r: ID!){ inviteRecipient(recipientId: $r){ ${LINK} } }`, { r: recipientId }, token);
const accept = (token: string, linkId: string) => gql(app, `mutation($l: ID!){ acceptMarketplaceInvitation(linkId: $l){ ${LINK} } }`, { l: linkId }, token);
const end = (token: string, linkId: string) => gql(app, `mutation($l: ID!){ endMarketplaceLink(linkId: $l){ ${LINK} } }`, { l: linkId }, token);
const links = async (token: string) => (await gql(app, `{ marketplaceLinks { ${LINK} marketplaceName recipientName } }`, {}, token)).data!.marketplaceLinks as Record<string, unknown>[];

describe('connected sellers', () => {
  it('a marketplace invites, the recipient accepts, both see the link, either ends it', async () => {
    const market = await onboardSeller(app);
    const shop = await onboardSeller(app);
    const invited = await invite(market.session, shop.sellerId);
    expect(invited.errors).toBeUndefined();
    const link = invited.data!.inviteRecipient;
    expect(link).toMatchObject({ marketplaceId: market.sellerId, recipientId: shop.sellerId, status: 'INVITED', side: 'MARKETPLACE' });

    // Only the recipient consents; the marketplace cannot accept for it, a stranger cannot see it.
    expect(gqlErrorCode(await accept(market.session, link.id))).toBe('MARKETPLACE_LINK_NOT_FOUND');
    const stranger = await onboardSeller(app);
    expect(gqlErrorCode(await end(stranger.apiKey, link.id))).toBe('MARKETPLACE_LINK_NOT_FOUND');
    expect(await links(stranger.session)).toEqual([]);

    const accepted = await accept(shop.apiKey, link.id);
    expect(accepted.data!.acceptMarketplaceInvitation).toMatchObject({ status: 'ACTIVE', side: 'RECIPIENT' });
    expect((await links(market.session)).map((l) => [l.id, l.status, l.side])).toEqual([[link.id, 'ACTIVE', 'MARKETPLACE']]);
    expect((await links(shop.session)).map((l) => [l.id, l.status, l.side, l.marketplaceName])).toEqual([[link.id, 'ACTIVE', 'RECIPIENT', 'Loja Teste']]);

    expect(gqlErrorCode(await invite(market.session, shop.sellerId))).toBe('MARKETPLACE_LINK_EXISTS');
    expect(gqlErrorCode(await accept(shop.apiKey, link.id))).toBe('MARKETPLACE_LINK_STATE');

    const ended = await end(shop.session, link.id);
    expect(ended.data!.endMarketplaceLink).toMatchObject({ status: 'ENDED', endedBy: 'RECIPIENT' });
    // A new invitation after the end is a new link.
    expect((await invite(market.session, shop.sellerId)).data!.inviteRecipient.status).toBe('INVITED');
  });

  it('a recipient may belong to several marketplaces', async () => {
    const [a, b, shop] = [await onboardSeller(app), await onboardSeller(app), await onboardSeller(app)];
    for (const m of [a, b]) {
      const l = (await invite(m.session, shop.sellerId)).data!.inviteRecipient;
      expect((await accept(shop.session, l.id)).data!.acceptMarketplaceInvitation.status).toBe('ACTIVE');
    }
    expect((await links(shop.session)).map((l) => l.marketplaceId).sort()).toEqual([a.sellerId, b.sellerId].sort());
  });

  it('refuses itself, unknown sellers and sellers KYC has not approved, alike', async () => {
    const market = await onboardSeller(app);
    expect(gqlErrorCode(await invite(market.session, market.sellerId))).toBe('MARKETPLACE_LINK_SELF');
    expect(gqlErrorCode(await invite(market.session, 'no-such-seller'))).toBe('RECIPIENT_NOT_APPROVED');
    const pending = await onboardSeller(app);
    await sqlOf(app).query(`update sellers set kyc_status = 'PENDING_REVIEW' where id = ?`, [pending.sellerId]);
    expect(gqlErrorCode(await invite(market.session, pending.sellerId))).toBe('RECIPIENT_NOT_APPROVED');
  });
});

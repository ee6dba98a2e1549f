import { describe, expect, it } from 'vitest';
import type { Seller } from '../accounts/accounts.types';
import { ManualClock } from '../shared/clock';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import type { MarketplaceLink, MarketplaceLinkRepository, MarketplaceLinkView } from './marketplace-link.types';
import { MarketplaceLinksService } from './marketplace-links.service';

const seller = (id: string, kycStatus: Seller['kycStatus'] = 'APPROVED') => ({ id, name: `Loja ${id}`, kycStatus }) as Seller;

/** The repository's rules in memory: one open link per pair, views with both names. */
function memoryLinks(sellers: Seller[]): MarketplaceLinkRepository {
  const rows = new Map<string, MarketplaceLink>();
  const view = (l: MarketplaceLink): MarketplaceLinkView => ({ ...l, marketplaceName: `Loja ${l.marketplaceId}`, recipientName: `Loja ${l.recipientId}` });
  const open = (l: MarketplaceLink) => l.status === 'INVITED' || l.status === 'ACTIVE';
  return {
    insert: async (l) => {
      if ([...rows.values()].some((r) => open(r) && r.marketplaceId === l.marketplaceId && r.recipientId === l.recipientId)) return false;
      rows.set(l.id, { ...l });
      return true;
    },
    lock: async (_tx, id) => (rows.has(id) ? { ...rows.get(id)! } : null),
    update: async (_tx, l) => void rows.set(l.id, { ...l }),
    listFor: async (id) => [...rows.values()].filter((l) => l.marketplaceId === id || l.recipientId === id).map(view),
    findView: async (id) => (rows.has(id) ? view(rows.get(id)!) : null),
    activeApprovedRecipients: async (m, ids) =>
      new Set(ids.filter((id) => [...rows.values()].some((l) => l.marketplaceId === m && l.recipientId === id && l.status === 'ACTIVE') && sellers.find((s) => s.id === id)?.kycStatus === 'APPROVED')),
  };
}

function service() {
  const sellers = [seller('m'), seller('a'), seller('p', 'PENDING_REVIEW')];
  const links = memoryLinks(sellers);
  const uow: UnitOfWork = { run: (work) => work({ afterCommit: () => undefined } as Tx) };
  let n = 0;
  const svc = new MarketplaceLinksService({ uow, links, sellers: { findById: async (id) => sellers.find((s) => s.id === id) ?? null }, clock: new ManualClock(), newId: () => `l${++n}` });
  return { svc, links, m: sellers[0]!, a: sellers[1]! };
}

describe('MarketplaceLinksService', () => {
  it('invites, lets only the recipient accept, and lets either side end', async () => {
    const { svc, links, m, a } = service();
    const link = await svc.invite(m, 'a');
    expect(link.status).toBe('INVITED');
    await expect(svc.accept(m, link.id)).rejects.toMatchObject({ code: 'MARKETPLACE_LINK_NOT_FOUND' });
    expect((await links.activeApprovedRecipients('m', ['a'])).size).toBe(0);
    expect((await svc.accept(a, link.id)).status).toBe('ACTIVE');
    expect([...(await links.activeApprovedRecipients('m', ['a']))]).toEqual(['a']);
    await expect(svc.accept(a, link.id)).rejects.toMatchObject({ code: 'MARKETPLACE_LINK_STATE' });
    expect(await svc.end(m, link.id)).toMatchObject({ status: 'ENDED', endedBy: 'MARKETPLACE' });
    await expect(svc.end(a, link.id)).rejects.toMatchObject({ code: 'MARKETPLACE_LINK_STATE' });
  });

  it('refuses itself, a second open link, unknown and unapproved sellers', async () => {
    const { svc, m, a } = service();
    await expect(svc.invite(m, 'm')).rejects.toMatchObject({ code: 'MARKETPLACE_LINK_SELF' });
    await expect(svc.invite(m, 'nobody')).rejects.toMatchObject({ code: 'RECIPIENT_NOT_APPROVED' });
    await expect(svc.invite(m, 'p')).rejects.toMatchObject({ code: 'RECIPIENT_NOT_APPROVED' });
    const first = await svc.invite(m, 'a');
    await expect(svc.invite(m, 'a')).rejects.toMatchObject({ code: 'MARKETPLACE_LINK_EXISTS' });
    expect((await svc.decline(a, first.id)).status).toBe('DECLINED');
    expect((await svc.invite(m, 'a')).status).toBe('INVITED');
  });
});

import type { SellerRepository } from '../accounts/accounts.ports';
import type { Seller } from '../accounts/accounts.types';
import type { Clock } from '../shared/clock';
import { DomainError, notFound, validationError } from '../shared/errors';
import type { UnitOfWork } from '../shared/unit-of-work';
import type { MarketplaceLink, MarketplaceLinkRepository, MarketplaceLinkView, MarketplaceSide } from './marketplace-link.types';

const linkNotFound = () => notFound('MARKETPLACE_LINK_NOT_FOUND', 'no marketplace link with this id for this seller');
const linkState = (link: MarketplaceLink, wanted: string) =>
  new DomainError('MARKETPLACE_LINK_STATE', `the link is ${link.status}; this needs it ${wanted}`, 'CONFLICT', { status: link.status });

/**
 * Connected sellers. A marketplace invites another seller of the platform (KYC approved)
 * as a recipient; the recipient accepts or declines; either side ends an active link. A
 * recipient may belong to several marketplaces; a pair has at most one open link. The
 * other seller is invisible until it is part of a link: an unknown id and a seller that is
 * not approved get the same answer.
 */
export class MarketplaceLinksService {
  constructor(
    private readonly d: {
      uow: UnitOfWork;
      links: MarketplaceLinkRepository;
      sellers: Pick<SellerRepository, 'findById'>;
      clock: Clock;
      newId(): string;
    },
  ) {}

  async invite(marketplace: Seller, recipientId: string): Promise<MarketplaceLinkView> {
    if (typeof recipientId !== 'string' || recipientId.length === 0 || recipientId.length > 64) {
      throw validationError('INVALID_FIELD', 'recipientId must be the id of a seller', { field: 'recipientId' });
    }
    if (recipientId === marketplace.id) throw validationError('MARKETPLACE_LINK_SELF', 'a marketplace cannot be its own recipient', { field: 'recipientId' });
    const recipient = await this.d.sellers.findById(recipientId);
    if (!recipient || recipient.kycStatus !== 'APPROVED') {
      throw new DomainError('RECIPIENT_NOT_APPROVED', 'the recipient must be a seller of this platform approved by KYC', 'UNPROCESSABLE', { field: 'recipientId' });
    }
    const now = this.d.clock.now();
    const link: MarketplaceLink = {
      id: this.d.newId(),
      marketplaceId: marketplace.id,
      recipientId,
      status: 'INVITED',
      invitedAt: now,
      acceptedAt: null,
      endedAt: null,
      endedBy: null,
      updatedAt: now,
    };
    if (!(await this.d.links.insert(link))) {
      throw new DomainError('MARKETPLACE_LINK_EXISTS', 'this recipient is already invited or connected', 'CONFLICT', { field: 'recipientId' });
    }
    return this.view(link.id);
  }

  /** The recipient's consent. */
  accept(recipient: Seller, linkId: string): Promise<MarketplaceLinkView> {
    return this.change(recipient, linkId, 'RECIPIENT', (link, now) => {
      if (link.status !== 'INVITED') throw linkState(link, 'INVITED');
      link.status = 'ACTIVE';
      link.acceptedAt = now;
    });
  }

  decline(recipient: Seller, linkId: string): Promise<MarketplaceLinkView> {
    return this.change(recipient, linkId, 'RECIPIENT', (link, now) => {
      if (link.status !== 'INVITED') throw linkState(link, 'INVITED');
      link.status = 'DECLINED';
      link.endedAt = now;
      link.endedBy = 'RECIPIENT';
    });
  }

  /** Either side ends the link (an invitation is withdrawn the same way); paid splits stay. */
  end(seller: Seller, linkId: string): Promise<MarketplaceLinkView> {
    return this.change(seller, linkId, null, (link, now, side) => {
      if (link.status !== 'ACTIVE' && link.status !== 'INVITED') throw linkState(link, 'ACTIVE or INVITED');
      link.status = 'ENDED';
      link.endedAt = now;
      link.endedBy = side;
    });
  }

  list(seller: Seller): Promise<MarketplaceLinkView[]> {
    return this.d.links.listFor(seller.id);
  }

  private async change(seller: Seller, linkId: string, only: MarketplaceSide | null, apply: (link: MarketplaceLink, now: Date, side: MarketplaceSide) => void) {
    await this.d.uow.run(async (tx) => {
      const link = await this.d.links.lock(tx, String(linkId));
      const side: MarketplaceSide | null = link?.marketplaceId === seller.id ? 'MARKETPLACE' : link?.recipientId === seller.id ? 'RECIPIENT' : null;
      if (!link || !side || (only && side !== only)) throw linkNotFound();
      const now = this.d.clock.now();
      apply(link, now, side);
      link.updatedAt = now;
      await this.d.links.update(tx, link);
    });
    return this.view(linkId);
  }

  private async view(id: string): Promise<MarketplaceLinkView> {
    const v = await this.d.links.findView(id);
    if (!v) throw linkNotFound();
    return v;
  }
}

import type { Seller } from '../accounts/accounts.types';
import { notFound } from '../shared/errors';
import type { RecipientShare, SplitStore } from './split-store';

export const SPLIT_SHARES_MAX_TAKE = 100;

/**
 * What a recipient reads of the split charges it has a part in: its own part, the
 * charge's status, its payment's end-to-end id and the marketplace; never the buyer, the
 * amount of the charge, nor another party's part.
 */
export class SplitShareQueries {
  constructor(private readonly store: Pick<SplitStore, 'recipientShares'>) {}

  list(recipient: Seller, o: { take?: number | null; skip?: number | null } = {}) {
    const take = Math.min(Math.max(o.take ?? 20, 1), SPLIT_SHARES_MAX_TAKE);
    const skip = Math.max(o.skip ?? 0, 0);
    return this.store.recipientShares(recipient.id, { limit: take, skip });
  }

  async one(recipient: Seller, transactionId: string): Promise<RecipientShare> {
    const { items } = await this.store.recipientShares(recipient.id, { transactionId: String(transactionId), limit: 1, skip: 0 });
    if (!items[0]) throw notFound('SPLIT_SHARE_NOT_FOUND', 'this seller has no part in a charge with this id');
    return items[0];
  }
}

import type { Transaction } from '../transactions/transaction.types';
import type { SplitStore } from './split-store';
import { splitChargeView } from './split-view';

/**
 * The marketplace's read of its split charges: a charge's view gains `splits` (the
 * instructions, and the parts once paid). Callers pass a charge the reader owns (the
 * marketplace); a recipient reads its own part through `SplitShareQueries` only.
 */
export class SplitChargeQueries {
  constructor(private readonly store: Pick<SplitStore, 'find'>) {}

  async withSplit<V extends Record<string, unknown>>(t: Transaction, view: V): Promise<V> {
    if (!t.isSplit) return view;
    const split = await this.store.find(undefined, t.id);
    return split ? { ...view, splits: splitChargeView(split) } : view;
  }
}

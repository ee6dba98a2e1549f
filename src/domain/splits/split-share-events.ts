import type { Outbox } from '../events/outbox';
import { recordChange } from '../events/record-change';
import type { Clock } from '../shared/clock';
import type { LiveEvents } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import type { Transaction } from '../transactions/transaction.types';
import { splitShareChangeView } from './split-share-change';
import type { SplitShareCause } from './split-share-event-names';
import type { StoredSplit } from './split-store';
import type { PartyDebit, PartyShare } from './split.types';

const EVENT_OF: Record<SplitShareCause, 'SPLIT_SHARE_CREDITED' | 'SPLIT_SHARE_REVERSED' | 'SPLIT_SHARE_RESTORED'> = {
  PAYMENT: 'SPLIT_SHARE_CREDITED',
  REFUND: 'SPLIT_SHARE_REVERSED',
  CHARGEBACK: 'SPLIT_SHARE_REVERSED',
  DISPUTE: 'SPLIT_SHARE_REVERSED',
  REFUND_NOT_MADE: 'SPLIT_SHARE_RESTORED',
  CHARGEBACK_REVERSED: 'SPLIT_SHARE_RESTORED',
};

/** How a cause changes what a party has given back: a reversal adds to it, a restoring takes from it. */
const RETURNED_SIGN: Record<SplitShareCause, number> = { PAYMENT: 0, REFUND: 1, CHARGEBACK: 1, DISPUTE: 1, REFUND_NOT_MADE: -1, CHARGEBACK_REVERSED: -1 };

/**
 * Each recipient whose part moved gets its own event (SPLIT_SHARE_CREDITED, _REVERSED or
 * _RESTORED), written to the outbox in the transaction that moved the money and pushed to
 * the recipient's live subscribers after commit. The marketplace follows the whole charge
 * through its TRANSACTION events; a recipient never gets those, nor another party's part.
 */
export class SplitShareEvents {
  constructor(private readonly d: { outbox: Outbox; live: LiveEvents; clock: Clock }) {}

  /** `moved`: what the change moved for each party (positive cents); `shares`: the parts just computed (on payment). */
  async record(tx: Tx, t: Transaction, split: StoredSplit, cause: SplitShareCause, moved: readonly PartyDebit[], shares?: readonly PartyShare[]): Promise<void> {
    const now = this.d.clock.now();
    for (const m of moved) {
      const party = split.parties.find((p) => p.sellerId === m.sellerId);
      if (!party || party.role !== 'RECIPIENT' || m.amount === 0) continue;
      const share = shares?.find((s) => s.sellerId === m.sellerId);
      const view = splitShareChangeView({
        transactionId: t.id,
        marketplaceId: split.marketplaceId,
        marketplaceName: split.marketplaceName,
        recipientId: m.sellerId,
        end2endId: t.end2endId,
        gross: share?.gross ?? party.gross ?? 0,
        fee: share?.fee ?? party.fee ?? 0,
        returned: party.returned + RETURNED_SIGN[cause] * Math.abs(m.amount),
        cause,
        amount: Math.abs(m.amount),
        occurredAt: now,
      });
      await recordChange(this.d, tx, { type: 'SPLIT_SHARE', resource: { id: t.id, sellerId: m.sellerId, updatedAt: now }, view, events: [EVENT_OF[cause]] });
    }
  }
}

import type { Principal } from '../accounts/accounts.types';
import { budgetOwner } from './budget-owner';

/** Releases one slot; calling it again does nothing. */
export type ReleaseSlot = () => void;

/**
 * Open subscription sockets per seller, bounded across every api instance that
 * shares the store. `take` answers null when the seller already holds them all.
 */
export interface SubscriptionSlotStore {
  take(owner: string, limit: number): Promise<ReleaseSlot | null>;
}

export const releaseOnce = (release: () => void): ReleaseSlot => {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
};

/** Slots counted by this process alone. */
export class LocalSubscriptionSlots implements SubscriptionSlotStore {
  private readonly open = new Map<string, number>();

  async take(owner: string, limit: number): Promise<ReleaseSlot | null> {
    const n = this.open.get(owner) ?? 0;
    if (n >= limit) return null;
    this.open.set(owner, n + 1);
    return releaseOnce(() => {
      const left = (this.open.get(owner) ?? 1) - 1;
      if (left > 0) this.open.set(owner, left);
      else this.open.delete(owner);
    });
  }
}

/**
 * The shared store while it answers; this process's own count while it does not
 * (a socket is then limited per instance, never unlimited). A slot is released in
 * the store that granted it.
 */
export class FallbackSubscriptionSlots implements SubscriptionSlotStore {
  constructor(
    private readonly shared: SubscriptionSlotStore,
    private readonly local: SubscriptionSlotStore,
  ) {}

  async take(owner: string, limit: number): Promise<ReleaseSlot | null> {
    try {
      return await this.shared.take(owner, limit);
    } catch {
      return this.local.take(owner, limit);
    }
  }
}


/** GraphQL subscription sockets per seller (its keys and sessions together). */
export class SubscriptionSlots {
  constructor(
    private readonly store: SubscriptionSlotStore,
    readonly perSeller: number,
  ) {}

  take(principal: Principal): Promise<ReleaseSlot | null> {
    return this.store.take(budgetOwner(principal), this.perSeller);
  }
}

import type { Principal } from '../domain/accounts/accounts.types';
import { budgetOwner } from '../domain/rate-limits/budget-owner';

/** Open subscription sockets per seller on this api instance, bounded. */
export class SubscriptionSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly perSeller: number) {}

  /** A release function when a slot is free; null when the seller already holds them all. */
  take(principal: Principal): (() => void) | null {
    const owner = budgetOwner(principal);
    const n = this.open.get(owner) ?? 0;
    if (n >= this.perSeller) return null;
    this.open.set(owner, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(owner) ?? 1) - 1;
      if (left > 0) this.open.set(owner, left);
      else this.open.delete(owner);
    };
  }
}

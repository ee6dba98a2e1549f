import { requireOperator } from '../accounts/account-errors';
import type { User } from '../accounts/accounts.types';
import type { PayoutFloat } from './payout-float';
import type { PendingPayouts } from './payout-psp.ports';

/** What operators see of the platform's float at the payout PSP (GraphQL `payoutFloat`). */
export interface PayoutFloatView {
  /** PAYOUT_PROVIDER. */
  provider: string;
  /** Cents held at the PSP (last read, less what was sent since); null when unknown or no PSP. */
  balance: number | null;
  readAt: Date | null;
  /** Why the balance is unknown; null when it was read. */
  problem: string | null;
  /** Withdrawals not sent yet (PENDING, APPROVED): what the float must still cover. */
  toSend: { count: number; amount: number };
  /** Withdrawals sent and awaiting the PSP's outcome (PROCESSING). */
  atPsp: { count: number; amount: number };
  /** Cents missing for everything not sent yet (0 when the balance covers it); null when unknown. */
  shortBy: number | null;
}

/** The operators' view of the payout float (null float: no payout PSP, the simulated institution pays). */
export class PayoutFloatQueries {
  constructor(private readonly d: { provider: string; float: Pick<PayoutFloat, 'current'> | null; pending(): Promise<PendingPayouts> }) {}

  /** What waits to be sent and what is at the PSP (for /metrics; no operator check). */
  pendingPayouts(): Promise<PendingPayouts> {
    return this.d.pending();
  }

  async view(operator: User): Promise<PayoutFloatView> {
    requireOperator(operator);
    const [snapshot, pending] = await Promise.all([
      this.d.float ? this.d.float.current() : Promise.resolve({ available: null, readAt: null, problem: 'no payout PSP is configured (PAYOUT_PROVIDER=simulated)' }),
      this.d.pending(),
    ]);
    return {
      provider: this.d.provider,
      balance: snapshot.available,
      readAt: snapshot.readAt,
      problem: snapshot.problem,
      ...pending,
      shortBy: snapshot.available === null ? null : Math.max(0, pending.toSend.amount - snapshot.available),
    };
  }
}

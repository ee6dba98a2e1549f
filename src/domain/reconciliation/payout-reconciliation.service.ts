import { civilDay } from './reconcile-window';
import type { TimeWindow } from './reconcile-window';
import { type LedgerPayoutRow, payoutReconciliation, type PayoutReconciliationReport, type PspSentPayout } from './payout-reconciliation';

export interface SentPayoutPage {
  payouts: PspSentPayout[];
  /** Items the PSP listed that could not be read (left out, and said). */
  unreadable: number;
  last: boolean;
}

/** The PSP's list of payouts requested in a window (Efí `GET /v2/gn/pix/enviados`); throws when it cannot answer. */
export interface SentPayoutList {
  sentPage(window: TimeWindow, index: number): Promise<SentPayoutPage>;
}

/** Our payouts sent in a window (their last send), and the ledger's entries for each. */
export interface LedgerPayouts {
  sentBetween(start: Date, end: Date, alsoIds: string[]): Promise<LedgerPayoutRow[]>;
}

/** At most this many pages are read for one day (1,000 payouts each). */
const MAX_PAGES = 1_000;

/**
 * The payouts part of the daily reconciliation (docs/operate/going-live.md, Payouts): the
 * PSP's list of the day's payouts, read at report time, against the ledger.
 */
export class PayoutReconciliation {
  constructor(private readonly d: { psp: SentPayoutList; ledger: LedgerPayouts; unreadable?(count: number): void }) {}

  async report(date: string): Promise<PayoutReconciliationReport> {
    const day = civilDay(date);
    const atPsp: PspSentPayout[] = [];
    for (let index = 0; index < MAX_PAGES; index++) {
      const page = await this.d.psp.sentPage({ from: day.start, to: day.end }, index);
      atPsp.push(...page.payouts);
      if (page.unreadable > 0) this.d.unreadable?.(page.unreadable);
      if (page.last) break;
    }
    // Ours sent that day, and ours the PSP listed that day (sent again later, say).
    const ours = await this.d.ledger.sentBetween(day.start, day.end, atPsp.map((p) => p.pspPayoutId));
    return payoutReconciliation(atPsp, ours);
  }
}

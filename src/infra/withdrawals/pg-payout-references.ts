import type { PayoutReferences } from '../payouts/inter/inter-payouts';
import type { Sql } from '../db/sql';

/** The PSP's own identifier of a payout (`withdrawals.psp_payout_ref`), kept once learned, and when its last send began. */
export class PgPayoutReferences implements PayoutReferences {
  constructor(private readonly sql: Sql) {}

  async reference(pspPayoutId: string): Promise<string | null> {
    return (await this.sql.one<{ psp_payout_ref: string | null }>('select psp_payout_ref from withdrawals where psp_payout_id = ?', [pspPayoutId]))?.psp_payout_ref ?? null;
  }

  async remember(pspPayoutId: string, reference: string): Promise<void> {
    // A later code is a later payout: one is sent again only after the PSP held nothing under the earlier.
    await this.sql.query('update withdrawals set psp_payout_ref = ? where psp_payout_id = ?', [reference, pspPayoutId]);
  }

  async lastSendAt(pspPayoutId: string): Promise<Date | null> {
    const row = await this.sql.one<{ payout_sent_at: Date | string | null }>('select payout_sent_at from withdrawals where psp_payout_id = ?', [pspPayoutId]);
    return row?.payout_sent_at ? new Date(row.payout_sent_at) : null;
  }
}

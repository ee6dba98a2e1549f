import type { LedgerPayoutRow } from '../../domain/reconciliation/payout-reconciliation';
import type { LedgerPayouts } from '../../domain/reconciliation/payout-reconciliation.service';
import type { Sql } from '../db/sql';
import { cents } from '../ledger/sql-values';

/** Our payouts sent to the PSP and the ledger's withdrawal entries for each (one statement). */
export class PgLedgerPayouts implements LedgerPayouts {
  constructor(private readonly sql: Sql) {}

  async sentBetween(start: Date, end: Date, alsoIds: string[]): Promise<LedgerPayoutRow[]> {
    const rows = await this.sql.query<{ id: string; psp_payout_id: string; amount: string; end2end: string | null; debits: string; settlements: string; refunds: string }>(
      `select w.id, w.psp_payout_id, w.amount, w.end2end,
              count(e.id) filter (where e.kind = 'WITHDRAWAL_DEBIT') as debits,
              count(e.id) filter (where e.kind = 'WITHDRAWAL_SETTLEMENT') as settlements,
              count(e.id) filter (where e.kind = 'WITHDRAWAL_REFUND') as refunds
         from withdrawals w left join ledger_entries e on e.withdrawal_id = w.id
        where w.payout_attempts > 0 and ((w.payout_sent_at >= ? and w.payout_sent_at < ?) or w.psp_payout_id = any(?::text[]))
        group by w.id`,
      [start, end, alsoIds],
    );
    return rows.map((r) => ({
      withdrawalId: r.id,
      pspPayoutId: r.psp_payout_id,
      cents: cents(r.amount),
      end2end: r.end2end,
      debits: Number(r.debits),
      settlements: Number(r.settlements),
      refunds: Number(r.refunds),
    }));
  }
}

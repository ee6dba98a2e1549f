import type { Tx } from '../../domain/shared/unit-of-work';
import type { PayoutProgress, PayoutProgressRepository } from '../../domain/withdrawals/payout-psp.ports';
import type { Sql } from '../db/sql';

/** The payout columns of `withdrawals`: the PSP identifier and the sends begun. */
export class PgPayoutProgress implements PayoutProgressRepository {
  constructor(private readonly sql: Sql) {}

  async progress(withdrawalId: string): Promise<PayoutProgress | null> {
    const row = await this.sql.one<{ psp_payout_id: string | null; payout_attempts: number }>('select psp_payout_id, payout_attempts from withdrawals where id = ?', [withdrawalId]);
    return row?.psp_payout_id ? { pspPayoutId: row.psp_payout_id, attempts: Number(row.payout_attempts) } : null;
  }

  async withdrawalIdOf(pspPayoutId: string): Promise<string | null> {
    return (await this.sql.one<{ id: string }>('select id from withdrawals where psp_payout_id = ?', [pspPayoutId]))?.id ?? null;
  }

  async beginSend(tx: Tx, withdrawalId: string, expectedAttempts: number, at: Date): Promise<boolean> {
    const rows = await this.sql.query(
      `update withdrawals set payout_attempts = payout_attempts + 1, payout_sent_at = ?
        where id = ? and payout_attempts = ? and status in ('PENDING', 'APPROVED', 'PROCESSING') returning id`,
      [at, withdrawalId, expectedAttempts],
      tx,
    );
    return rows.length === 1;
  }
}

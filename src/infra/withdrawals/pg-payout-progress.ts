import type { Tx } from '../../domain/shared/unit-of-work';
import type { PayoutProgress, PayoutProgressRepository, PendingPayouts } from '../../domain/withdrawals/payout-psp.ports';
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

  async claimKeySlot(tx: Tx, withdrawalId: string, limit: number): Promise<boolean> {
    // The platform pays from one key: its lock serialises the runners' decisions until commit.
    await this.sql.query(`select pg_advisory_xact_lock(hashtext('payout-paying-key'))`, [], tx);
    const row = await this.sql.one<{ n: string }>(
      `select count(*) as n from withdrawals where status = 'PROCESSING' and payout_attempts > 0 and id <> ?`,
      [withdrawalId],
      tx,
    );
    return Number(row?.n ?? 0) < limit;
  }

  /**
   * The submission jobs of the `count` oldest payouts never sent are made due now (the paying
   * key was freed); their own retry time would otherwise hold the key idle. Reads the jobs table
   * by the submission job's key (`withdrawal-submit:<id>`).
   */
  async wakeWaiting(count: number, at: Date): Promise<void> {
    await this.sql.query(
      `update jobs set run_at = ? where run_at > ? and key in (
         select 'withdrawal-submit:' || id from withdrawals
          where status in ('PENDING', 'APPROVED') and payout_attempts = 0 and psp_payout_id is not null
          order by created_at, id limit ?)`,
      [at, at, count],
    );
  }

  /** What waits to be sent (PENDING, APPROVED) and what awaits the PSP's outcome (PROCESSING), in cents. */
  async pendingSums(): Promise<PendingPayouts> {
    const rows = await this.sql.query<{ status: string; n: string; total: string | null }>(
      `select status, count(*) as n, sum(amount) as total from withdrawals
        where status in ('PENDING', 'APPROVED', 'PROCESSING') and psp_payout_id is not null group by status`,
    );
    const of = (statuses: string[]) => rows.filter((r) => statuses.includes(r.status));
    const sum = (rs: typeof rows) => ({ count: rs.reduce((a, r) => a + Number(r.n), 0), amount: rs.reduce((a, r) => a + Number(r.total ?? 0), 0) });
    return { toSend: sum(of(['PENDING', 'APPROVED'])), atPsp: sum(of(['PROCESSING'])) };
  }
}

import type { ReconciliationStore, SeenPix } from '../../domain/reconciliation/reconciliation.ports';
import type { CreditRow, ReceivedPixRow, StoredVerdict } from '../../domain/reconciliation/reconciliation-report';
import type { Clock } from '../../domain/shared/clock';
import type { Transaction } from '../../domain/transactions/transaction.types';
import type { Sql } from '../db/sql';

/** The reconciliation's tables (apipix_reconcile_cursors, apipix_received_pix) and its batched reads of ours. */
export class PgReconciliationStore implements ReconciliationStore {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  async cursor(name: string): Promise<Date | null> {
    const row = await this.sql.one<{ read_until: Date }>(`select read_until from apipix_reconcile_cursors where name = ?`, [name]);
    return row ? new Date(row.read_until) : null;
  }

  async forget(name: string): Promise<void> {
    await this.sql.query(`delete from apipix_reconcile_cursors where name = ?`, [name]);
  }

  async advance(name: string, to: Date): Promise<void> {
    await this.sql.query(
      `insert into apipix_reconcile_cursors (name, read_until, updated_at) values (?, ?, ?)
       on conflict (name) do update set read_until = greatest(apipix_reconcile_cursors.read_until, excluded.read_until), updated_at = excluded.updated_at`,
      [name, to, this.clock.now()],
    );
  }

  async chargesByTxid(txids: string[]): Promise<Map<string, Pick<Transaction, 'id' | 'amount' | 'dueDateCharge'>>> {
    if (txids.length === 0) return new Map();
    const rows = await this.sql.query<{ id: string; amount: string | number; txid: string; due_date_charge: Transaction['dueDateCharge'] }>(
      `select id, amount, txid, due_date_charge from transactions where txid = any(?::text[])`,
      [txids],
    );
    return new Map(rows.map((r) => [r.txid, { id: r.id, amount: Number(r.amount), dueDateCharge: r.due_date_charge ?? null }]));
  }

  async recordedReports(reportIds: string[]): Promise<Set<string>> {
    if (reportIds.length === 0) return new Set();
    const rows = await this.sql.query<{ report_id: string }>(`select report_id from institution_reports where report_id = any(?::text[])`, [reportIds]);
    return new Set(rows.map((r) => r.report_id));
  }

  async recordSeen(rows: SeenPix[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const inserted = await this.sql.query<{ end_to_end_id: string }>(
      `insert into apipix_received_pix (end_to_end_id, txid, cents, received_at, transaction_id, verdict, seen_at)
       select e, t, c, a, x, v, ? from unnest(?::text[], ?::text[], ?::bigint[], ?::timestamptz[], ?::text[], ?::text[]) as u(e, t, c, a, x, v)
       on conflict (end_to_end_id) do update set transaction_id = excluded.transaction_id, verdict = excluded.verdict
         where apipix_received_pix.verdict is distinct from excluded.verdict or apipix_received_pix.transaction_id is distinct from excluded.transaction_id
       returning end_to_end_id, (xmax = 0) as inserted`,
      [
        this.clock.now(),
        rows.map((r) => r.endToEndId),
        rows.map((r) => r.txid),
        rows.map((r) => r.cents),
        rows.map((r) => r.at.toISOString()),
        rows.map((r) => r.transactionId),
        rows.map((r) => r.verdict),
      ],
    );
    return new Set(inserted.filter((r) => (r as { inserted?: boolean }).inserted).map((r) => r.end_to_end_id));
  }

  async knownTxids(txids: string[]): Promise<Set<string>> {
    return new Set((await this.chargesByTxid(txids)).keys());
  }

  async dayRows(start: Date, end: Date): Promise<{ received: ReceivedPixRow[]; credits: CreditRow[] }> {
    const received = await this.sql.query<{ end_to_end_id: string; txid: string | null; cents: string; transaction_id: string | null; verdict: StoredVerdict }>(
      `select end_to_end_id, txid, cents, transaction_id, verdict from apipix_received_pix where received_at >= ? and received_at < ? order by end_to_end_id`,
      [start, end],
    );
    // PIX charges through the PSP (they have a txid) the ledger credited, paid that day.
    const credits = await this.sql.query<{ end2end_id: string | null; id: string; amount: string; entries: string }>(
      `select t.end2end_id, t.id, t.amount, count(*) as entries
       from transactions t join ledger_entries e on e.transaction_id = t.id and e.kind = 'PIX_CREDIT'
       where t.payment_method = 'PIX' and t.paid_at >= ? and t.paid_at < ?
       group by t.id`,
      [start, end],
    );
    return {
      received: received.map((r) => ({ endToEndId: r.end_to_end_id, txid: r.txid, cents: Number(r.cents), transactionId: r.transaction_id, verdict: r.verdict })),
      credits: credits.map((c) => ({ endToEndId: c.end2end_id, transactionId: c.id, cents: Number(c.amount), entries: Number(c.entries) })),
    };
  }
}

import type { EndpointState, EndpointStateReason } from '../../domain/webhooks/endpoint-health';
import type { EndpointHealthStore, EndpointStateChange, RecordedStateChange, WatchedEndpoint } from '../../domain/webhooks/endpoint-health.ports';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';

interface ChangeRow {
  id: string;
  endpoint_id: string;
  seller_id: string;
  from_state: EndpointState;
  to_state: EndpointState;
  reason: EndpointStateReason;
  detail: string | null;
  changed_at: Date;
}

const toChange = (r: ChangeRow): RecordedStateChange => ({
  id: String(r.id),
  endpointId: r.endpoint_id,
  sellerId: r.seller_id,
  from: r.from_state,
  to: r.to_state,
  reason: r.reason,
  detail: r.detail ?? '',
  at: new Date(r.changed_at),
});

/** Registrations' states and their history (webhook_endpoints, webhook_endpoint_state_changes). */
export class PgEndpointHealth implements EndpointHealthStore {
  constructor(private readonly sql: Sql) {}

  /**
   * Per live ACTIVE or FAILING registration: its last success (a backward index scan)
   * and the failures after it and after its last re-enable (a short range scan for a
   * healthy one), on webhook_attempts (endpoint_id, attempted_at).
   */
  async watched(): Promise<WatchedEndpoint[]> {
    const rows = await this.sql.query<{
      id: string; seller_id: string; url: string; state: EndpointState; state_changed_at: Date | null;
      last_success: Date | null; failing_since: Date | null; last_error: string | null;
    }>(
      `select e.id, e.seller_id, e.url, e.state, e.state_changed_at, s.last_success, f.failing_since, f.last_error
       from webhook_endpoints e
       left join lateral (
         select a.attempted_at as last_success from webhook_attempts a
         where a.endpoint_id = e.id and a.success order by a.attempted_at desc limit 1
       ) s on true
       left join lateral (
         select min(a.attempted_at) as failing_since, (array_agg(a.error order by a.attempted_at desc))[1] as last_error
         from webhook_attempts a
         where a.endpoint_id = e.id and not a.success
           and a.attempted_at > coalesce(s.last_success, '-infinity'::timestamptz)
           and a.attempted_at >= coalesce(e.health_since, '-infinity'::timestamptz)
       ) f on true
       where e.deleted_at is null and e.state in ('ACTIVE', 'FAILING')`,
    );
    return rows.map((r) => ({
      id: r.id,
      sellerId: r.seller_id,
      url: r.url,
      state: r.state,
      failingSince: r.failing_since ? new Date(r.failing_since) : null,
      lastError: r.last_error,
      lastSuccessAt: r.last_success ? new Date(r.last_success) : null,
      stateChangedAt: r.state_changed_at ? new Date(r.state_changed_at) : null,
    }));
  }

  async changeState(tx: Tx, c: EndpointStateChange): Promise<string | null> {
    const row = await this.sql.one<{ id: string }>(
      `with moved as (
         update webhook_endpoints set state = ?, state_changed_at = ?, state_reason = ?,
           health_since = case when ? = 'ENABLED_BY_SELLER' then ?::timestamptz else health_since end
         where id = ? and seller_id = ? and state = ? and deleted_at is null
         returning id, seller_id
       )
       insert into webhook_endpoint_state_changes (endpoint_id, seller_id, from_state, to_state, reason, detail, changed_at)
       select id, seller_id, ?, ?, ?, ?, ? from moved
       returning id`,
      [c.to, c.at, c.reason, c.reason, c.at, c.endpointId, c.sellerId, c.from, c.from, c.to, c.reason, c.detail, c.at],
      tx,
    );
    return row ? String(row.id) : null;
  }

  async holdPending(tx: Tx, endpointId: string, at: Date): Promise<number> {
    const rows = await this.sql.query<{ id: string }>(
      `update webhook_deliveries set status = 'HELD', next_attempt_at = null, lease_until = null, last_error = 'registration disabled', updated_at = ?
       where endpoint_id = ? and status = 'PENDING'
       returning id`,
      [at, endpointId],
      tx,
    );
    return rows.length;
  }

  async history(sellerId: string, endpointId: string): Promise<RecordedStateChange[]> {
    const rows = await this.sql.query<ChangeRow>(
      `select * from webhook_endpoint_state_changes where seller_id = ? and endpoint_id = ? order by id desc limit 100`,
      [sellerId, endpointId],
    );
    return rows.map(toChange);
  }

  async change(id: string) {
    const row = await this.sql.one<ChangeRow & { url: string; description: string | null }>(
      `select c.*, e.url, e.description from webhook_endpoint_state_changes c join webhook_endpoints e on e.id = c.endpoint_id where c.id = ?`,
      [id],
    );
    return row ? { ...toChange(row), url: row.url, description: row.description } : null;
  }

  async recipients(sellerId: string): Promise<string[]> {
    const rows = await this.sql.query<{ email: string }>(`select email from users where seller_id = ? order by created_at`, [sellerId]);
    return rows.map((r) => r.email);
  }
}

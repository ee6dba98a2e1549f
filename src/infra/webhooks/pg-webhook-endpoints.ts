import type { EndpointState } from '../../domain/webhooks/endpoint-health';
import type { WebhookCategory, WebhookEndpoint } from '../../domain/webhooks/webhook.types';
import type { StoredEndpoint, WebhookEndpointRepository } from '../../domain/webhooks/webhooks.ports';
import type { Sql } from '../db/sql';

interface EndpointRow {
  id: string;
  seller_id: string;
  category: WebhookCategory;
  url: string;
  description: string | null;
  secret_enc: string;
  secret_last4: string;
  created_at: Date;
  updated_at: Date;
  secret_rotated_at: Date | null;
  state: EndpointState;
  state_changed_at: Date | null;
  state_reason: string | null;
  max_per_second: number | null;
}

const toEndpoint = (r: EndpointRow): StoredEndpoint => ({
  id: r.id,
  sellerId: r.seller_id,
  category: r.category,
  url: r.url,
  description: r.description,
  secretEnc: r.secret_enc,
  secretLast4: r.secret_last4,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  secretRotatedAt: r.secret_rotated_at ? new Date(r.secret_rotated_at) : null,
  state: r.state,
  stateChangedAt: r.state_changed_at ? new Date(r.state_changed_at) : null,
  stateReason: r.state_reason,
  maxPerSecond: r.max_per_second,
});

const publicOnly = ({ secretEnc: _s, ...e }: StoredEndpoint): WebhookEndpoint => e;

interface SecretRow {
  secret_enc: string;
  created_at: Date;
  rotated_at: Date | null;
}
const toSecret = (r: SecretRow) => ({ secretEnc: r.secret_enc, createdAt: new Date(r.created_at), rotatedAt: r.rotated_at ? new Date(r.rotated_at) : null });

export class PgWebhookEndpoints implements WebhookEndpointRepository {
  constructor(private readonly sql: Sql) {}

  async insert(e: StoredEndpoint): Promise<void> {
    await this.sql.query(
      `insert into webhook_endpoints (id, seller_id, category, url, description, secret_enc, secret_last4, created_at, updated_at, secret_rotated_at, max_per_second)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [e.id, e.sellerId, e.category, e.url, e.description, e.secretEnc, e.secretLast4, e.createdAt, e.updatedAt, e.secretRotatedAt, e.maxPerSecond],
    );
  }

  async countActive(sellerId: string): Promise<number> {
    const row = await this.sql.one<{ n: string }>(`select count(*) as n from webhook_endpoints where seller_id = ? and deleted_at is null`, [sellerId]);
    return Number(row?.n ?? 0);
  }

  async list(sellerId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.sql.query<EndpointRow>(
      `select * from webhook_endpoints where seller_id = ? and deleted_at is null order by created_at, id`,
      [sellerId],
    );
    return rows.map(toEndpoint).map(publicOnly);
  }

  async find(sellerId: string, id: string): Promise<StoredEndpoint | null> {
    const row = await this.sql.one<EndpointRow>(`select * from webhook_endpoints where id = ? and seller_id = ? and deleted_at is null`, [id, sellerId]);
    return row ? toEndpoint(row) : null;
  }

  async update(e: StoredEndpoint): Promise<void> {
    await this.sql.query(
      `update webhook_endpoints set category = ?, url = ?, description = ?, secret_enc = ?, secret_last4 = ?, updated_at = ?, secret_rotated_at = ?, max_per_second = ?
       where id = ? and seller_id = ? and deleted_at is null`,
      [e.category, e.url, e.description, e.secretEnc, e.secretLast4, e.updatedAt, e.secretRotatedAt, e.maxPerSecond, e.id, e.sellerId],
    );
  }

  async delete(sellerId: string, id: string, now: Date): Promise<boolean> {
    const rows = await this.sql.query<{ id: string }>(
      `with gone as (
         update webhook_endpoints set deleted_at = ? where id = ? and seller_id = ? and deleted_at is null returning id
       ), canceled as (
         update webhook_deliveries set status = 'CANCELED', next_attempt_at = null, last_error = 'registration deleted', updated_at = ?
         where endpoint_id in (select id from gone) and status = 'PENDING'
       )
       select id from gone`,
      [now, id, sellerId, now],
    );
    return rows.length === 1;
  }

  async postbackSecret(sellerId: string) {
    const row = await this.sql.one<SecretRow>(`select secret_enc, created_at, rotated_at from webhook_postback_secrets where seller_id = ?`, [sellerId]);
    return row ? toSecret(row) : null;
  }

  async ensurePostbackSecret(sellerId: string, secretEnc: string, last4: string, now: Date) {
    await this.sql.query(
      `insert into webhook_postback_secrets (seller_id, secret_enc, secret_last4, created_at) values (?, ?, ?, ?) on conflict (seller_id) do nothing`,
      [sellerId, secretEnc, last4, now],
    );
    return (await this.postbackSecret(sellerId))!;
  }

  async rotatePostbackSecret(sellerId: string, secretEnc: string, last4: string, now: Date) {
    const row = await this.sql.one<SecretRow>(
      `insert into webhook_postback_secrets (seller_id, secret_enc, secret_last4, created_at, rotated_at) values (?, ?, ?, ?, ?)
       on conflict (seller_id) do update set secret_enc = excluded.secret_enc, secret_last4 = excluded.secret_last4, rotated_at = excluded.rotated_at
       returning secret_enc, created_at, rotated_at`,
      [sellerId, secretEnc, last4, now, now],
    );
    return toSecret(row!);
  }
}

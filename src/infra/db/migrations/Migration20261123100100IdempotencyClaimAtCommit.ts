import { Migration } from '@mikro-orm/migrations';

/**
 * Claims an Idempotency-Key and stores the answer in one statement, inside the
 * operation's transaction: the key row appears exactly when the resource does, so a
 * create needs no separate claim round trip. When the key exists already (committed by
 * another request, or committed while this one waited on the unique index), the
 * transaction fails with SQLSTATE PX410 and the caller falls back to the ordinary claim,
 * which replays, conflicts or answers in-flight as before.
 */
export class Migration20261123100100IdempotencyClaimAtCommit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function idempotency_record_new(p_id text, p_seller_id text, p_operation text, p_key text, p_fingerprint text,
                                             p_resource_id text, p_status int, p_body jsonb, p_now timestamptz, p_expires_at timestamptz)
      returns void language plpgsql as $$
      begin
        insert into idempotency_keys (id, seller_id, operation, key, fingerprint, owner, resource_id, response_status, response_body,
                                      locked_until, created_at, expires_at)
        values (p_id, p_seller_id, p_operation, p_key, p_fingerprint, p_id, p_resource_id, p_status, p_body, p_now, p_now, p_expires_at)
        on conflict (seller_id, operation, key) do nothing;
        if not found then
          raise exception 'idempotency key % exists already', p_key using errcode = 'PX410';
        end if;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function idempotency_record_new(text, text, text, text, text, text, int, jsonb, timestamptz, timestamptz);`);
  }
}

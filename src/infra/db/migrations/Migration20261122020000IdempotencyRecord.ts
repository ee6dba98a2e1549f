import { Migration } from '@mikro-orm/migrations';

/**
 * Stores an idempotent request's answer in the operation's transaction, and fails that
 * transaction (SQLSTATE PX409) when the claim is no longer the caller's: a retry took
 * the key over after the lease ran out, so this late original must not create anything.
 * Being a function, the check needs no answer back before the commit, and the statement
 * can be pipelined with the operation's other writes.
 */
export class Migration20261122020000IdempotencyRecord extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function idempotency_record(p_id text, p_owner text, p_resource_id text, p_status int, p_body jsonb) returns void
      language plpgsql as $$
      begin
        update idempotency_keys set resource_id = p_resource_id, response_status = p_status, response_body = p_body
         where id = p_id and owner = p_owner and resource_id is null;
        if not found then
          raise exception 'idempotency claim % is no longer held by this request', p_id using errcode = 'PX409';
        end if;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function idempotency_record(text, text, text, int, jsonb);`);
  }
}

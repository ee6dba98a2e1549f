import type { PersonalDataStore } from '../../domain/privacy/data-subject.ports';
import type { SubjectScope } from '../../domain/privacy/data-subject.types';
import { erasurePlan, type ErasurePhase } from '../../domain/privacy/erasure-plan';
import type { ExportSection } from '../../domain/privacy/export-plan';
import type { Placeholder, TableOwner } from '../../domain/privacy/personal-data.types';
import type { Tx } from '../../domain/shared/unit-of-work';
import type { Sql } from '../db/sql';

const PAGE = 1_000;

/** Names come from the inventory (code, not input); checked anyway before they reach SQL. */
function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}

/** The condition selecting the scope's rows of a table, or null when the scope has none there. */
function ownerCondition(owner: TableOwner, scope: SubjectScope): { sql: string; params: unknown[] } | null {
  if (owner.subject === 'user') return scope.userIds.length ? { sql: `${ident(owner.column)} = any(?::text[])`, params: [scope.userIds] } : null;
  return scope.sellerId ? { sql: `${ident(owner.column)} = ?`, params: [scope.sellerId] } : null;
}

function placeholderSql(column: string, key: string, p: Placeholder): string {
  const c = ident(column);
  if (p === 'NULL') return 'null';
  if (p === 'ERASED_TEXT') return `case when ${c} is null then null else '[erased]' end`;
  if (p === 'ERASED_EMAIL') return `'erased+' || ${ident(key)}::text || '@erased.invalid'`;
  if (p === 'UNUSABLE_SECRET') return `'erased:' || md5(random()::text || clock_timestamp()::text || ${ident(key)}::text)`;
  if (p === 'EMPTY_BYTES') return `case when ${c} is null then null else ''::bytea end`;
  if (p === 'ERASED_JSON') return `case when ${c} is null then null else '{"erased":true}'::jsonb end`;
  const keys = p.keepKeys.map((k) => `'${k.replace(/'/g, "''")}'`).join(', ');
  return `case when jsonb_typeof(${c}) = 'object' then coalesce((select jsonb_object_agg(e.k, e.v) from jsonb_each(${c}) as e(k, v) where e.k in (${keys})), '{}'::jsonb) else null end`;
}

/** The inventory, applied to PostgreSQL: generic reads and updates per table. */
export class PgPersonalDataStore implements PersonalDataStore {
  constructor(private readonly sql: Sql) {}

  async countRows(sections: ExportSection[], scope: SubjectScope): Promise<number> {
    let total = 0;
    for (const s of sections) {
      const cond = ownerCondition(s.owner, scope);
      if (!cond) continue;
      const row = await this.sql.one<{ n: string }>(`select count(*) as n from ${ident(s.table)} where ${cond.sql}`, cond.params);
      total += Number(row?.n ?? 0);
    }
    return total;
  }

  async *readSection(s: ExportSection, scope: SubjectScope): AsyncIterable<Record<string, unknown>> {
    const cond = ownerCondition(s.owner, scope);
    if (!cond) return;
    const cols = s.columns.map(ident).join(', ');
    const key = s.key.map(ident);
    // Key values travel as text, so timestamps keep their microseconds between pages.
    const keyText = key.map((k, i) => `${k}::text as __k${i}`).join(', ');
    const keyOut = s.key.map((_, i) => `'__k${i}'`).join(', ');
    let last: string[] | undefined;
    for (;;) {
      const after = last ? ` and (${key.join(', ')}) > (${key.map(() => '?').join(', ')})` : '';
      const rows = await this.sql.query<Record<string, unknown> & { r: Record<string, unknown> }>(
        `select ${s.key.map((_, i) => `t.__k${i}`).join(', ')}, to_jsonb(t) - array[${keyOut}] as r
           from (select ${keyText}, ${cols} from ${ident(s.table)}
                  where ${cond.sql}${after} order by ${key.join(', ')} limit ${PAGE}) t`,
        last ? [...cond.params, ...last] : cond.params,
      );
      for (const row of rows) yield row.r;
      if (rows.length < PAGE) return;
      const end = rows[rows.length - 1];
      last = s.key.map((_, i) => String(end[`__k${i}`]));
    }
  }

  async anonymise(tx: Tx, phase: ErasurePhase, scope: SubjectScope): Promise<Record<string, number>> {
    const changed: Record<string, number> = {};
    for (const t of erasurePlan(phase)) {
      const cond = ownerCondition(t.owner, scope);
      if (!cond) continue;
      const set = Object.entries(t.set).map(([column, p]) => `${ident(column)} = ${placeholderSql(column, t.key, p)}`);
      const row = await this.sql.one<{ n: string }>(
        `with u as (update ${ident(t.table)} set ${set.join(', ')} where ${cond.sql} returning 1) select count(*) as n from u`,
        cond.params,
        tx,
      );
      const n = Number(row?.n ?? 0);
      if (n > 0) for (const column of Object.keys(t.set)) changed[`${t.table}.${column}`] = n;
    }
    return changed;
  }

  async revokeCredentials(tx: Tx, scope: SubjectScope, at: Date) {
    const keys = await this.sql.one<{ n: string }>(
      `with u as (update api_keys set revoked_at = ? where (seller_id = ? or user_id = any(?::text[])) and revoked_at is null returning 1) select count(*) as n from u`,
      [at, scope.sellerId, scope.userIds],
      tx,
    );
    const sessions = await this.sql.one<{ n: string }>(
      `with u as (update sessions set revoked_at = ? where user_id = any(?::text[]) and revoked_at is null returning 1) select count(*) as n from u`,
      [at, scope.userIds],
      tx,
    );
    const webhooks = await this.sql.one<{ endpoints: string; deliveries: string }>(
      `with gone as (
         update webhook_endpoints set deleted_at = ? where seller_id = ? and deleted_at is null returning id
       ), canceled as (
         update webhook_deliveries set status = 'CANCELED', next_attempt_at = null, last_error = 'account erased', updated_at = ?
          where seller_id = ? and status = 'PENDING' returning id
       )
       select (select count(*) from gone) as endpoints, (select count(*) from canceled) as deliveries`,
      [at, scope.sellerId, at, scope.sellerId],
      tx,
    );
    return {
      apiKeys: Number(keys?.n ?? 0),
      sessions: Number(sessions?.n ?? 0),
      webhooks: Number(webhooks?.endpoints ?? 0),
      pendingDeliveries: Number(webhooks?.deliveries ?? 0),
    };
  }
}

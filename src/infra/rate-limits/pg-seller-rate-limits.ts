import type { SellerRateLimitRepository } from '../../domain/rate-limits/rate-limits.ports';
import { notFound } from '../../domain/shared/errors';
import type { Sql } from '../db/sql';

const FOREIGN_KEY_VIOLATION = '23503';

export class PgSellerRateLimits implements SellerRateLimitRepository {
  constructor(private readonly sql: Sql) {}

  async overrides(sellerId: string): Promise<Partial<Record<string, number>>> {
    const rows = await this.sql.query<{ limit_class: string; per_minute: number }>(
      'select limit_class, per_minute from seller_rate_limits where seller_id = ?',
      [sellerId],
    );
    return Object.fromEntries(rows.map((r) => [r.limit_class, Number(r.per_minute)]));
  }

  async set(sellerId: string, limitClass: string, perMinute: number | null, at: Date): Promise<void> {
    if (perMinute === null) {
      await this.sql.query('delete from seller_rate_limits where seller_id = ? and limit_class = ?', [sellerId, limitClass]);
      return;
    }
    try {
      await this.sql.query(
        `insert into seller_rate_limits (seller_id, limit_class, per_minute, updated_at) values (?, ?, ?, ?)
         on conflict (seller_id, limit_class) do update set per_minute = excluded.per_minute, updated_at = excluded.updated_at`,
        [sellerId, limitClass, perMinute, at],
      );
    } catch (e) {
      if ((e as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw notFound('SELLER_NOT_FOUND', 'no seller with this id');
      throw e;
    }
  }
}

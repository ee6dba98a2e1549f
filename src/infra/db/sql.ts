import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tx } from '../../domain/shared/unit-of-work';
import { sqlTx } from './unit-of-work';

/** Raw SQL with `?` placeholders: inside tx when given, else on a pooled connection. */
export class Sql {
  constructor(private readonly em: EntityManager) {}

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], tx?: Tx): Promise<T[]> {
    if (tx) return sqlTx(tx).query<T>(sql, params);
    return this.em.getConnection().execute<T[]>(sql, params, 'all');
  }

  async one<T = Record<string, unknown>>(sql: string, params: unknown[] = [], tx?: Tx): Promise<T | undefined> {
    return (await this.query<T>(sql, params, tx))[0];
  }
}

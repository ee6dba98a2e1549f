import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tx, UnitOfWork } from '../../domain/shared/unit-of-work';

/** A transaction handle carrying its entity manager; infra adapters unwrap it. */
export class MikroTx implements Tx {
  private readonly callbacks: (() => void)[] = [];
  constructor(readonly em: EntityManager) {}

  afterCommit(callback: () => void): void {
    this.callbacks.push(callback);
  }

  /** Raw SQL with `?` placeholders inside this transaction. */
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all', this.em.getTransactionContext());
  }

  runCallbacks(): void {
    for (const cb of this.callbacks.splice(0)) cb();
  }
}

export function sqlTx(tx: Tx): MikroTx {
  if (!(tx instanceof MikroTx)) throw new Error('transaction handle from another adapter');
  return tx;
}

export class MikroUnitOfWork implements UnitOfWork {
  constructor(private readonly em: EntityManager) {}

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    let handle: MikroTx | undefined;
    const result = await this.em.fork().transactional(async (em) => {
      handle = new MikroTx(em);
      return work(handle);
    });
    handle?.runCallbacks();
    return result;
  }
}

/**
 * One database transaction. Domain code treats it as opaque and hands it to the
 * repositories, ledger and outbox so that a state change, its postings and its
 * events commit together or not at all.
 */
export interface Tx {
  /** Runs after a successful commit (never on rollback): live notifications, wake-ups. */
  afterCommit(callback: () => void): void;
}

export interface UnitOfWork {
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

import type { RecurrenceCycle } from './recurrence-cycle.types';

/** A cycle as the doors answer it and as cycle events carry it (amounts in cents). */
export const cycleView = (c: RecurrenceCycle) => ({
  number: c.number,
  dueDate: c.dueDate,
  amount: c.amount,
  status: c.status,
  transactionId: c.transactionId,
  attempts: c.attempts.length,
  attemptHistory: c.attempts.map((a) => ({ number: a.number, on: a.on, outcome: a.outcome, reason: a.reason, at: a.at.toISOString() })),
  nextAttemptOn: c.nextAttemptOn,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export type CycleView = ReturnType<typeof cycleView>;

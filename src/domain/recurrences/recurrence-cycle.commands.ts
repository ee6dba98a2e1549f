import { z } from 'zod';
import type { Seller } from '../accounts/accounts.types';
import { answered, type CommandResult, type View } from '../idempotency/idempotent-command';
import { validationError } from '../shared/errors';
import { amountInCents, storableText } from '../shared/zod-fields';
import { asObject, parseWith } from '../shared/zod-input';
import { RECURRENCE_LIMITS } from './create-recurrence.input';
import type { RecurrenceCyclesService } from './recurrence-cycles.service';
import type { CycleView } from './cycle-view';
import type { RecurrenceView } from './recurrence-view';
import type { Recurrence } from './recurrence.types';

type Answer<V extends View = View> = Promise<CommandResult<V>>;

/** The recurrence after its sandbox clock moved: its own today and the cycle just made. */
export type AdvancedRecurrenceView = RecurrenceView & { clockDate: string; cycle: CycleView };

/** The payer's side's words when an attempt fails, kept with the attempt. */
export const FAIL_REASON_MAX = 140;

export const NextCycleAmountRequest = z
  .object({ amount: amountInCents({ min: RECURRENCE_LIMITS.minAmount, max: RECURRENCE_LIMITS.maxAmount, description: 'the next cycle’s amount in cents (at least the recurrence’s minimum)' }) })
  .strict();
export const FailCycleRequest = z
  .object({ reason: storableText('reason', FAIL_REASON_MAX, { singleLine: true, description: 'why the payer’s institution could not settle it (e.g. insufficient funds)' }) })
  .strict();

/** A cycle number in a path: a positive integer, else 400 INVALID_CYCLE_NUMBER. */
export function cycleNumber(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw validationError('INVALID_CYCLE_NUMBER', 'the cycle number is a positive integer (1 is the first cycle)', { field: 'number' });
  return n;
}

export interface RecurrenceCycleCommands {
  /** VARIABLE recurrences: the seller sets the amount of the next cycle (`input`: `{ amount }`). */
  setNextCycleAmount(r: { seller: Seller; recurrenceId: string; input: unknown }): Answer<RecurrenceView>;
  /** Sandbox: the recurrence's clock moves to its next cycle, which is made at once. */
  sandboxAdvanceRecurrenceClock(r: { seller: Seller; recurrenceId: string }): Answer<AdvancedRecurrenceView>;
  /** Sandbox: the payer's institution settles an ACTIVE cycle. */
  sandboxPayCycle(r: { seller: Seller; recurrenceId: string; number: unknown }): Answer;
  /** Sandbox: an attempt of an ACTIVE cycle fails (`input`: `{ reason }`); the policy decides the retry. */
  sandboxFailCycle(r: { seller: Seller; recurrenceId: string; number: unknown; input: unknown }): Answer;
}

export function recurrenceCycleCommands(d: { cycles: RecurrenceCyclesService; view: (r: Recurrence) => RecurrenceView }): RecurrenceCycleCommands {
  const { cycles } = d;
  return {
    setNextCycleAmount: async ({ seller, recurrenceId, input }) => {
      const { amount } = parseWith(NextCycleAmountRequest, asObject(input ?? {}));
      return answered(d.view(await cycles.setNextCycleAmount(seller.id, recurrenceId, amount)));
    },
    sandboxAdvanceRecurrenceClock: async ({ seller, recurrenceId }) => {
      const { recurrence, cycle, today } = await cycles.advanceClock(seller.id, recurrenceId);
      return answered({ ...d.view(recurrence), clockDate: today, cycle: cycles.view(cycle) });
    },
    sandboxPayCycle: async ({ seller, recurrenceId, number }) => answered(cycles.view(await cycles.payCycle(seller.id, recurrenceId, cycleNumber(number)))),
    sandboxFailCycle: async ({ seller, recurrenceId, number, input }) => {
      const n = cycleNumber(number);
      const { reason } = parseWith(FailCycleRequest, asObject(input ?? {}));
      return answered(cycles.view(await cycles.failCycle(seller.id, recurrenceId, n, reason ?? null)));
    },
  };
}

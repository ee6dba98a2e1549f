import { z } from 'zod';
import type { Seller } from '../accounts/accounts.types';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import { answered, idempotentCommand, type CommandResult } from '../idempotency/idempotent-command';
import type { UnitOfWork } from '../shared/unit-of-work';
import { storableText } from '../shared/zod-fields';
import { asObject, parseWith } from '../shared/zod-input';
import { parseCreateRecurrence } from './create-recurrence.input';
import type { RecurrenceView } from './recurrence-view';
import type { RecurrencesService } from './recurrences.service';

type Answer = Promise<CommandResult<RecurrenceView>>;

/** `encerramento.*.descricao` holds 400 characters; we keep the seller's or payer's reason within it. */
export const END_REASON_MAX = 400;

const EndReason = z.object({ reason: storableText('reason', END_REASON_MAX, { description: 'why the recurrence ends (shown to the other side)' }) }).strict();

export const SANDBOX_PAYER_ACTIONS = ['approve', 'reject', 'cancel'] as const;
export type SandboxPayerAction = (typeof SANDBOX_PAYER_ACTIONS)[number];

interface CreateRecurrenceRequest {
  seller: Seller;
  input: unknown;
  idempotencyKey: unknown;
}

export interface RecurrenceCommands {
  /** Opens a recurrence once per idempotency key: 201 with its view (the authorisation to show or the push request's status). */
  createRecurrence(r: CreateRecurrenceRequest): Answer;
  /** The seller cancels (`input`: `{ reason }`); future cycles stop. */
  cancelRecurrence(r: { seller: Seller; recurrenceId: string; input: unknown }): Answer;
  /** Sandbox: the simulated payer approves, rejects or cancels (`input`: `{ reason }`). */
  sandboxPayerActsOnRecurrence(r: { seller: Seller; recurrenceId: string; action: SandboxPayerAction; input: unknown }): Answer;
}

export function recurrenceCommands(d: { uow: UnitOfWork; idempotency: IdempotencyService; recurrences: RecurrencesService; sandbox: boolean }): RecurrenceCommands {
  const { recurrences } = d;
  const reasonOf = (input: unknown) => parseWith(EndReason, asObject(input ?? {})).reason ?? null;
  const create = idempotentCommand<CreateRecurrenceRequest, RecurrenceView>(
    d.idempotency,
    { operation: 'recurrences.create', storedStatus: 201, identity: ({ input }) => ({ input: input ?? null }) },
    async ({ seller, input }, answer) => {
      const opened = await recurrences.open(seller, parseCreateRecurrence(input, { sandbox: d.sandbox }));
      try {
        return await d.uow.run(async (tx) => {
          await recurrences.insert(tx, opened);
          const view = recurrences.view(opened.recurrence);
          await answer.record(tx, opened.recurrence.id, view);
          return view;
        });
      } catch (e) {
        // Registered at the institution but never stored: ended there, so no payer answers a recurrence we do not hold.
        await recurrences.abandon(opened.recurrence);
        throw e;
      }
    },
  );
  return {
    createRecurrence: async (r) => {
      // Without an institution that takes recurrences (production on the simulated one), nothing is opened.
      recurrences.assertReady();
      return create(r);
    },
    cancelRecurrence: async ({ seller, recurrenceId, input }) =>
      answered(recurrences.view(await recurrences.cancel(seller.id, recurrenceId, { by: 'SELLER', reason: reasonOf(input) }))),
    sandboxPayerActsOnRecurrence: async ({ seller, recurrenceId, action, input }) => {
      const reason = reasonOf(input);
      const r =
        action === 'approve'
          ? await recurrences.answer(seller.id, recurrenceId, 'APPROVED')
          : action === 'reject'
            ? await recurrences.answer(seller.id, recurrenceId, 'REJECTED', reason)
            : await recurrences.cancel(seller.id, recurrenceId, { by: 'PAYER', reason });
      return answered(recurrences.view(r));
    },
  };
}

import { answered, type CommandResult } from '../idempotency/idempotent-command';
import type { ApplyInstitutionReport } from './apply-institution-report.command';
import type { PspCallbackConfirmations } from './transactions.ports';

export type PspCallbackAnswer = { confirmed: number; applied: number; ignored: number };

/** A PSP's callback body (`{pix: [...]}`, maybe batched or repeated), from a sender the door has accepted. */
export type ReceivePspCallback = (r: { input: unknown }) => Promise<CommandResult<PspCallbackAnswer>>;

/**
 * Reads back from the PSP every Pix the callback names and applies each confirmed payment
 * through the one institution-report path, idempotent by end-to-end id: a repeated or
 * forged callback credits nothing more than the PSP says was paid.
 */
export function receivePspCallbackCommand(d: { confirmations: PspCallbackConfirmations; applyReport: ApplyInstitutionReport }): ReceivePspCallback {
  return async ({ input }) => {
    const { confirmed, ignored } = await d.confirmations.confirm(input);
    let applied = 0;
    for (const report of confirmed) {
      if ((await d.applyReport({ input: report })).view.applied) applied += 1;
    }
    return answered({ confirmed: confirmed.length, applied, ignored });
  };
}

import { answered, type CommandResult } from '../idempotency/idempotent-command';
import type { ApplyInstitutionReport } from './apply-institution-report.command';
import type { PspCallbackConfirmations } from './transactions.ports';

export type PspCallbackAnswer = { confirmed: number; applied: number; ignored: number };

/**
 * A PSP's callback: the secret of its URL, the sender's address and the body (`{pix: [...]}`,
 * maybe batched or repeated). Null when no PSP is connected or the sender is not the PSP's:
 * the door answers it as an unknown route.
 */
export type ReceivePspCallback = (r: { token: string; address: string | undefined; input: unknown }) => Promise<CommandResult<PspCallbackAnswer> | null>;

/**
 * Reads back from the PSP every Pix the callback names and applies each confirmed payment
 * through the one institution-report path, idempotent by end-to-end id: a repeated or
 * forged callback credits nothing more than the PSP says was paid.
 */
export function receivePspCallbackCommand(d: { confirmations: PspCallbackConfirmations | null; applyReport: ApplyInstitutionReport }): ReceivePspCallback {
  return async ({ token, address, input }) => {
    if (!d.confirmations?.accepts(token, address)) return null;
    const { confirmed, ignored } = await d.confirmations.confirm(input);
    let applied = 0;
    for (const report of confirmed) {
      if ((await d.applyReport({ input: report })).view.applied) applied += 1;
    }
    return answered({ confirmed: confirmed.length, applied, ignored });
  };
}

import { answered, type CommandResult } from '../idempotency/idempotent-command';
import type { PspPixOutcome } from './apply-psp-pix';
import type { PspPix } from './psp-pix';
import type { PspCallbackConfirmations } from './transactions.ports';

export type PspCallbackAnswer = { confirmed: number; applied: number; ignored: number; payouts?: number };

/**
 * A PSP's callback: the secret of its URL, the sender's address and the body (`{pix: [...]}`,
 * maybe batched or repeated). Null when no PSP is connected or the sender is not the PSP's:
 * the door answers it as an unknown route.
 */
export type ReceivePspCallback = (r: { token: string; address: string | undefined; input: unknown }) => Promise<CommandResult<PspCallbackAnswer> | null>;

export interface ReceivePspCallbackDeps {
  confirmations: PspCallbackConfirmations | null;
  /** Applies a Pix the PSP confirmed (the same use case the reconciliation calls). */
  applyPix(pix: PspPix): Promise<PspPixOutcome>;
  /**
   * Payouts the callback names (a PSP that reports sent Pix on the paying key's webhook, like
   * Efí): each is only a hint, read back by our identifier. Absent without a payout PSP.
   */
  payouts?: { named(input: unknown): string[]; hint(pspPayoutId: string): Promise<boolean> } | null;
  /** Told of every named Pix that was not a payment of ours (for the operator's log). */
  ignored?(endToEndId: string, outcome: PspPixOutcome | null): void;
}

/**
 * Reads back from the PSP every Pix the callback names and applies what the PSP confirms
 * through the one institution-report path, idempotent by end-to-end id: a repeated or
 * forged callback credits nothing more than the PSP says was paid.
 */
export function receivePspCallbackCommand(d: ReceivePspCallbackDeps): ReceivePspCallback {
  return async ({ token, address, input }) => {
    const psp = d.confirmations;
    if (!psp?.accepts(token, address)) return null;
    const answer: PspCallbackAnswer = { confirmed: 0, applied: 0, ignored: 0 };
    for (const e2eid of psp.named(input)) {
      const pix = await psp.read(e2eid);
      const outcome = pix ? await d.applyPix(pix) : null;
      if (outcome?.verdict.kind === 'payment') {
        answer.confirmed += 1;
        if (outcome.applied) answer.applied += 1;
      } else {
        answer.ignored += 1;
        d.ignored?.(e2eid, outcome);
      }
    }
    const payouts = d.payouts?.named(input) ?? [];
    for (const id of payouts) if (await d.payouts!.hint(id)) answer.payouts = (answer.payouts ?? 0) + 1;
    return answered(answer);
  };
}

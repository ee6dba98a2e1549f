import { answered, type CommandResult } from '../idempotency/idempotent-command';
import { isOwnTxid } from '../pix/ids';
import { DomainError } from '../shared/errors';
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

/**
 * How long around its `horario` a Pix of one of our txids without a charge may still be a
 * charge whose create has not committed yet. A create waits for the PSP at most about twice
 * `APIPIX_TIMEOUT_MS` and commits right after, so minutes leave a wide margin; past them the
 * Pix is answered as ignored and left for the reconciliation (a retried create whose cob
 * was already paid, a charge never stored).
 */
export const EARLY_PIX_WINDOW_SECONDS = 300;
/** What the PSP is told to wait before sending an early callback again. */
export const EARLY_PIX_RETRY_AFTER_SECONDS = 1;

export interface ReceivePspCallbackDeps {
  confirmations: PspCallbackConfirmations | null;
  /** Applies a Pix the PSP confirmed (the same use case the reconciliation calls). */
  applyPix(pix: PspPix): Promise<PspPixOutcome>;
  now(): Date;
  /**
   * Payouts the callback names (a PSP that reports sent Pix on the paying key's webhook, like
   * Efí): each is only a hint, read back by our identifier. Absent without a payout PSP.
   */
  payouts?: { named(input: unknown): string[]; hint(pspPayoutId: string): Promise<boolean> } | null;
  /** Told of every named Pix that was not a payment of ours (for the operator's log). */
  ignored?(endToEndId: string, outcome: PspPixOutcome | null): void;
}

/**
 * Whether a Pix that matched no charge is likely a charge being created right now: its txid
 * is one we made (tagged, see `isOwnTxid`) and it was paid moments ago. Then the callback is
 * refused with a retryable status, so the PSP sends it again once the charge is stored. A
 * static code's Pix, another system's cob or an old Pix is never refused: a PSP must not
 * retry forever.
 */
export function awaitsItsCharge(pix: PspPix, outcome: PspPixOutcome, now: Date): boolean {
  if (outcome.verdict.kind !== 'not-ours' || !pix.txid || !isOwnTxid(pix.txid)) return false;
  // Either side of `horario`: the PSP's clock and ours differ by seconds, never by minutes.
  return Math.abs(now.getTime() - pix.at.getTime()) <= EARLY_PIX_WINDOW_SECONDS * 1_000;
}

export const chargeNotStoredYet = (endToEndIds: string[]) =>
  new DomainError('PIX_CHARGE_NOT_STORED_YET', `the charge of ${endToEndIds.join(', ')} is not stored yet; send the callback again`, 'UNAVAILABLE', {
    retryAfterSeconds: EARLY_PIX_RETRY_AFTER_SECONDS,
  });

/**
 * Reads back from the PSP every Pix the callback names and applies what the PSP confirms
 * through the one institution-report path, idempotent by end-to-end id: a repeated or
 * forged callback credits nothing more than the PSP says was paid. A Pix of a charge still
 * being created makes the whole callback retryable (503) after the others were applied;
 * the PSP's retry applies it, and re-reads the others harmlessly.
 */
export function receivePspCallbackCommand(d: ReceivePspCallbackDeps): ReceivePspCallback {
  return async ({ token, address, input }) => {
    const psp = d.confirmations;
    if (!psp?.accepts(token, address)) return null;
    const answer: PspCallbackAnswer = { confirmed: 0, applied: 0, ignored: 0 };
    const early: string[] = [];
    for (const e2eid of psp.named(input)) {
      const pix = await psp.read(e2eid);
      const outcome = pix ? await d.applyPix(pix) : null;
      if (outcome?.verdict.kind === 'payment') {
        answer.confirmed += 1;
        if (outcome.applied) answer.applied += 1;
      } else if (pix && outcome && awaitsItsCharge(pix, outcome, d.now())) {
        early.push(e2eid);
      } else {
        answer.ignored += 1;
        d.ignored?.(e2eid, outcome);
      }
    }
    const payouts = d.payouts?.named(input) ?? [];
    for (const id of payouts) if (await d.payouts!.hint(id)) answer.payouts = (answer.payouts ?? 0) + 1;
    if (early.length > 0) throw chargeNotStoredYet(early);
    return answered(answer);
  };
}

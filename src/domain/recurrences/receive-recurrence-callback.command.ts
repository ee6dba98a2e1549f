import { answered, type CommandResult } from '../idempotency/idempotent-command';
import type { InstitutionCycleCharge, InstitutionRecurrence } from './recurrence-institution';

export type RecurrenceCallbackAnswer = { confirmed: number; applied: number; ignored: number };

/** Which callback: `webhookrec` (`{recs: [...]}`) or `webhookcobr` (`{cobsr: [...]}`). */
export type RecurrenceCallbackKind = 'rec' | 'cobr';

/**
 * A PSP's PIX Automático callback: the secret of its URL, the sender's address and the body.
 * Null when no PSP is connected or the sender is not the PSP's (answered as an unknown route).
 */
export type ReceiveRecurrenceCallback = (r: { kind: RecurrenceCallbackKind; token: string; address: string | undefined; input: unknown }) => Promise<CommandResult<RecurrenceCallbackAnswer> | null>;

/** The PSP's side of the callbacks: who may send them, what they name, and the PSP's own record of each. */
export interface RecurrenceCallbackConfirmations {
  accepts(token: string, address: string | undefined): boolean;
  /** The idRecs a `webhookrec` body names, each once. */
  namedRecurrences(body: unknown): string[];
  /** The txids a `webhookcobr` body names, each once. */
  namedCycleCharges(body: unknown): string[];
  readRecurrence(recId: string): Promise<InstitutionRecurrence | null>;
  readCycleCharge(txid: string): Promise<InstitutionCycleCharge | null>;
}

export interface ReceiveRecurrenceCallbackDeps {
  confirmations: RecurrenceCallbackConfirmations | null;
  /** Applies what the PSP says of a recurrence (the same use case the reconciliation calls); null when it is none of ours. */
  applyRecurrence(observed: InstitutionRecurrence): Promise<{ applied: boolean } | null>;
  /** Applies what the PSP says of a cycle's recurring charge; false when nothing changed or it is none of ours. */
  applyCycleCharge(observed: InstitutionCycleCharge): Promise<boolean>;
}

/**
 * Reads back from the PSP every recurrence or recurring charge the callback names, and
 * applies only what the PSP says (`GET /rec/{idRec}`, `GET /cobr/{txid}`), idempotently: a
 * repeated callback changes nothing more, a forged one names what the PSP does not hold.
 */
export function receiveRecurrenceCallbackCommand(d: ReceiveRecurrenceCallbackDeps): ReceiveRecurrenceCallback {
  return async ({ kind, token, address, input }) => {
    const psp = d.confirmations;
    if (!psp?.accepts(token, address)) return null;
    const answer: RecurrenceCallbackAnswer = { confirmed: 0, applied: 0, ignored: 0 };
    const count = (seen: boolean, applied: boolean) => {
      if (!seen) answer.ignored += 1;
      else answer.confirmed += 1;
      if (applied) answer.applied += 1;
    };
    if (kind === 'rec') {
      for (const recId of psp.namedRecurrences(input)) {
        const held = await psp.readRecurrence(recId);
        const outcome = held ? await d.applyRecurrence(held) : null;
        count(outcome !== null, outcome?.applied ?? false);
      }
    } else {
      for (const txid of psp.namedCycleCharges(input)) {
        const held = await psp.readCycleCharge(txid);
        count(held !== null, held ? await d.applyCycleCharge(held) : false);
      }
    }
    return answered(answer);
  };
}

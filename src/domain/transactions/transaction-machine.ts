import { DomainError } from '../shared/errors';
import type { TransactionStatus } from './transaction-status';

/**
 * Commands: the status changes we decide ourselves (or that a confirmed fact forces),
 * as opposed to institution status reports, which follow the priority rule in
 * `transaction-status.ts`.
 */
export const TRANSACTION_COMMANDS = [
  'CONFIRM', // the provider confirmed the charge, the QR code awaits the payer
  'PAY', // payment confirmed
  'EXPIRE', // QR code not paid within the expiration period
  'REFUND_TOTAL', // seller refund that brings the refunded total to the full amount
  'REFUND_PARTIAL', // seller refund that leaves part of the amount unrefunded
  'REFUND_UNDONE', // a refund the PSP could not make (NAO_REALIZADO) leaves nothing refunded
  'REFUND_UNDONE_PARTIAL', // a refund the PSP could not make leaves other refunds standing
  'CHARGEBACK', // central bank special return (MED), involuntary
  'OPEN_DISPUTE', // a contestation is opened; balance blocked while it is analysed
  'DISPUTE_WON', // decided in the seller's favour, balance restored
  'DISPUTE_LOST', // decided in the buyer's favour
] as const;

export type TransactionCommand = (typeof TRANSACTION_COMMANDS)[number];

export interface TransactionTransition {
  readonly from: TransactionStatus;
  readonly command: TransactionCommand;
  readonly to: TransactionStatus;
}

const rows = (
  from: readonly TransactionStatus[],
  command: TransactionCommand,
  to: TransactionStatus,
): TransactionTransition[] => from.map((f) => ({ from: f, command, to }));

/**
 * SPEC's transition table, plus our choices for what SPEC leaves open (marked "ours"):
 * - PAY from EXPIRED (ours): the payer paid in the last second and the money arrived;
 *   recording it beats losing track of real money (mirrors EXPIRED < PAID in the ranking).
 * - PAY from PROCESSING / AUTHORIZED (ours): both are still "not yet paid".
 * - REFUND_TOTAL from PARTIALLY_REFUNDED (ours): a partial refund whose remainder hits
 *   zero ends in REFUNDED; REFUND_PARTIAL may repeat while something remains (the status
 *   stays PARTIALLY_REFUNDED; the use case records the refund and its event).
 *   Use `refundCommandFor` to pick between the two from the amounts.
 * - REFUND_UNDONE / REFUND_UNDONE_PARTIAL from REFUNDED and PARTIALLY_REFUNDED (ours): a
 *   refund the PSP reports NAO_REALIZADO gives the seller the money back and the status
 *   follows the amounts again (PAID when nothing stays refunded). Use `failedRefundFor`.
 * - CHARGEBACK from PARTIALLY_REFUNDED and DISPUTE (ours for the first): MED can claim
 *   what is left of a partially refunded payment; DISPUTE -> CHARGEDBACK is also the
 *   "dispute lost" outcome.
 * - OPEN_DISPUTE from PAID, PARTIALLY_REFUNDED (contestation opened, balance blocked)
 *   and CHARGEDBACK (ours: the seller appeals the dispute created automatically with
 *   the chargeback; winning it restores the balance through DISPUTE -> PAID).
 * - DISPUTE_WON from CHARGEDBACK (ours): a MED return decided for the seller without
 *   an appeal; the debit is reversed and the payment stands.
 * - No command leaves BLOCKED or PENDING_REVIEW yet: where they go depends on the
 *   compliance decision and on whether the money arrived, which is not specified.
 * - REFUSED and FAILED have no outgoing command; REFUNDED only the undoing of a refund: they are terminal for commands.
 */
export const TRANSACTION_TRANSITIONS: readonly TransactionTransition[] = [
  ...rows(['PENDING'], 'CONFIRM', 'WAITING_PAYMENT'),
  ...rows(['PENDING', 'WAITING_PAYMENT', 'PROCESSING', 'AUTHORIZED', 'EXPIRED'], 'PAY', 'PAID'),
  ...rows(['PENDING', 'WAITING_PAYMENT'], 'EXPIRE', 'EXPIRED'),
  ...rows(['PAID', 'PARTIALLY_REFUNDED'], 'REFUND_TOTAL', 'REFUNDED'),
  ...rows(['PAID', 'PARTIALLY_REFUNDED'], 'REFUND_PARTIAL', 'PARTIALLY_REFUNDED'),
  ...rows(['REFUNDED', 'PARTIALLY_REFUNDED'], 'REFUND_UNDONE', 'PAID'),
  ...rows(['REFUNDED', 'PARTIALLY_REFUNDED'], 'REFUND_UNDONE_PARTIAL', 'PARTIALLY_REFUNDED'),
  ...rows(['PAID', 'PARTIALLY_REFUNDED', 'DISPUTE'], 'CHARGEBACK', 'CHARGEDBACK'),
  ...rows(['PAID', 'PARTIALLY_REFUNDED', 'CHARGEDBACK'], 'OPEN_DISPUTE', 'DISPUTE'),
  ...rows(['DISPUTE', 'CHARGEDBACK'], 'DISPUTE_WON', 'PAID'),
  ...rows(['DISPUTE'], 'DISPUTE_LOST', 'CHARGEDBACK'),
];

const key = (from: TransactionStatus, command: TransactionCommand) => `${from}:${command}`;

/** Index built once; a duplicated (from, command) pair is a programming error. */
const INDEX: ReadonlyMap<string, TransactionStatus> = (() => {
  const index = new Map<string, TransactionStatus>();
  for (const t of TRANSACTION_TRANSITIONS) {
    const k = key(t.from, t.command);
    if (index.has(k)) throw new Error(`duplicated transaction transition ${k}`);
    index.set(k, t.to);
  }
  return index;
})();

/** Applies a command to the current status, or throws INVALID_TRANSACTION_TRANSITION (409). */
export function applyTransactionCommand(
  current: TransactionStatus,
  command: TransactionCommand,
): { to: TransactionStatus } {
  const to = INDEX.get(key(current, command));
  if (to === undefined) {
    throw new DomainError(
      'INVALID_TRANSACTION_TRANSITION',
      `command ${command} is not allowed on a transaction in status ${current}`,
      'CONFLICT',
      { from: current, command },
    );
  }
  return { to };
}

export const canApplyTransactionCommand = (current: TransactionStatus, command: TransactionCommand): boolean =>
  INDEX.has(key(current, command));

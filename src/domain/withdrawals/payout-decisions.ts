import type { PayoutAnswer, PayoutRecord } from './payout-psp.ports';

/**
 * What to do after a PSP's answer (docs/operate/going-live.md, Payouts):
 * - `report`: apply this record through the one payout-report path;
 * - `fail`: the PSP refused the send outright: FAILED with its reason;
 * - `query`: read the PSP's record by our identifier (never send blindly);
 * - `send`: send (again): only when nothing was ever sent, or the PSP said it holds nothing;
 * - `wait`: nothing to apply now; the poll job asks again later.
 * `done` says whether following the payout can stop (a final record or a refusal).
 */
export type PayoutDecision =
  | { act: 'report'; record: PayoutRecord; done: boolean }
  | { act: 'fail'; reason: string; done: true }
  | { act: 'query'; done: false }
  | { act: 'send'; done: false }
  | { act: 'wait'; reason: string; done: false };

const isFinal = (r: PayoutRecord) => r.status !== 'PROCESSING';

/** After a send: a lost answer or a taken identifier is resolved by a query, never by sending again. */
export function afterSend(answer: PayoutAnswer): PayoutDecision {
  switch (answer.kind) {
    case 'held':
      return { act: 'report', record: answer.record, done: isFinal(answer.record) };
    case 'refused':
      return { act: 'fail', reason: answer.reason, done: true };
    case 'duplicate':
      return { act: 'query', done: false };
    case 'absent':
    case 'unknown':
      return { act: 'wait', reason: answer.kind === 'unknown' ? answer.reason : 'the PSP answered the send with nothing', done: false };
  }
}

/** After a query: only "the PSP holds nothing under our identifier" allows a send. */
export function afterQuery(answer: PayoutAnswer): PayoutDecision {
  switch (answer.kind) {
    case 'held':
      return { act: 'report', record: answer.record, done: isFinal(answer.record) };
    case 'absent':
      return { act: 'send', done: false };
    case 'refused':
      return { act: 'wait', reason: `the PSP refused the query: ${answer.reason}`, done: false };
    case 'duplicate':
      return { act: 'wait', reason: 'the PSP answered the query as a duplicate', done: false };
    case 'unknown':
      return { act: 'wait', reason: answer.reason, done: false };
  }
}

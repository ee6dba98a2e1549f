import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import { applyTransactionCommand } from '../transactions/transaction-machine';
import { disputeEventName, disputeEventNames } from './dispute-events';
import { TRANSACTION_COMMAND_FOR_DECISION, applyDisputeTransition, isDisputeFinal } from './dispute-machine';
import { DISPUTE_STATUSES, isDisputeStatus, type DisputeStatus } from './dispute-status';

const allowed: Array<[DisputeStatus, DisputeStatus]> = [
  ['OPEN', 'UNDER_REVIEW'],
  ['OPEN', 'WON'],
  ['OPEN', 'LOST'],
  ['UNDER_REVIEW', 'WON'],
  ['UNDER_REVIEW', 'LOST'],
];

describe('dispute machine', () => {
  it.each(allowed)('%s -> %s is allowed', (from, to) => {
    expect(applyDisputeTransition(from, to)).toEqual({ to });
  });

  it('every other pair throws INVALID_DISPUTE_TRANSITION (CONFLICT)', () => {
    const ok = new Set(allowed.map(([a, b]) => `${a}->${b}`));
    for (const from of DISPUTE_STATUSES) {
      for (const to of DISPUTE_STATUSES) {
        if (ok.has(`${from}->${to}`)) continue;
        expect(() => applyDisputeTransition(from, to)).toThrow(DomainError);
        expect(() => applyDisputeTransition(from, to)).toThrow(
          expect.objectContaining({ code: 'INVALID_DISPUTE_TRANSITION', kind: 'CONFLICT' }),
        );
      }
    }
  });

  it('a second appeal is a conflict', () => {
    expect(() => applyDisputeTransition('UNDER_REVIEW', 'UNDER_REVIEW')).toThrow(DomainError);
  });

  it('WON and LOST are final', () => {
    expect(DISPUTE_STATUSES.filter(isDisputeFinal)).toEqual(['WON', 'LOST']);
  });

  it('maps statuses to SPEC events', () => {
    expect(disputeEventName('OPEN')).toBe('DISPUTE_CREATED');
    expect(disputeEventName('UNDER_REVIEW')).toBe('DISPUTE_UNDER_REVIEW');
    expect(disputeEventName('WON')).toBe('DISPUTE_RESOLVED');
    expect(disputeEventName('LOST')).toBe('DISPUTE_REJECTED');
  });

  it('adds the MED events for MED disputes', () => {
    expect(disputeEventNames('OPEN', 'MED')).toEqual(['DISPUTE_CREATED', 'MED_DISPUTE_CREATED']);
    expect(disputeEventNames('LOST', 'MED')).toEqual(['DISPUTE_REJECTED', 'MED_DISPUTE_REFUND_COMPLETED']);
    expect(disputeEventNames('WON', 'MED')).toEqual(['DISPUTE_RESOLVED']);
    expect(disputeEventNames('OPEN', 'CONTESTATION')).toEqual(['DISPUTE_CREATED']);
    expect(disputeEventNames('LOST', 'CONTESTATION')).toEqual(['DISPUTE_REJECTED']);
  });

  it('a decision moves the disputed transaction as SPEC says', () => {
    expect(applyTransactionCommand('DISPUTE', TRANSACTION_COMMAND_FOR_DECISION.WON).to).toBe('PAID');
    expect(applyTransactionCommand('DISPUTE', TRANSACTION_COMMAND_FOR_DECISION.LOST).to).toBe('CHARGEDBACK');
  });

  it('recognises statuses', () => {
    expect(isDisputeStatus('UNDER_REVIEW')).toBe(true);
    expect(isDisputeStatus('RESOLVED')).toBe(false);
  });
});

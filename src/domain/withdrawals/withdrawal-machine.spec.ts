import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import {
  TERMINAL_WITHDRAWAL_STATUSES,
  WITHDRAWAL_TRANSITIONS,
  applyWithdrawalTransition,
  isTerminal,
  refundsDebit,
} from './withdrawal-machine';
import { WITHDRAWAL_STATUSES, isWithdrawalStatus, withdrawalEventName, type WithdrawalStatus } from './withdrawal-status';

const allowed: Array<[WithdrawalStatus, WithdrawalStatus]> = [
  ['PENDING', 'APPROVED'],
  ['PENDING', 'REJECTED'],
  ['PENDING', 'CANCELED'],
  ['PENDING', 'BLOCKED'],
  ['APPROVED', 'PROCESSING'],
  ['APPROVED', 'CANCELED'],
  ['APPROVED', 'FAILED'],
  ['PROCESSING', 'PAID'],
  ['PROCESSING', 'FAILED'],
  ['PAID', 'REFUNDED'],
  ['BLOCKED', 'APPROVED'],
  ['BLOCKED', 'REJECTED'],
];

describe('withdrawal machine', () => {
  it.each(allowed)('%s -> %s is allowed', (from, to) => {
    expect(applyWithdrawalTransition(from, to)).toEqual({ to });
  });

  it('every other pair throws INVALID_WITHDRAWAL_TRANSITION (CONFLICT)', () => {
    const ok = new Set(allowed.map(([a, b]) => `${a}->${b}`));
    let refused = 0;
    for (const from of WITHDRAWAL_STATUSES) {
      for (const to of WITHDRAWAL_STATUSES) {
        if (ok.has(`${from}->${to}`)) continue;
        refused++;
        expect(() => applyWithdrawalTransition(from, to)).toThrow(DomainError);
        expect(() => applyWithdrawalTransition(from, to)).toThrow(
          expect.objectContaining({ code: 'INVALID_WITHDRAWAL_TRANSITION', kind: 'CONFLICT', details: { from, to } }),
        );
      }
    }
    expect(refused).toBe(81 - allowed.length);
  });

  it('the table covers every status', () => {
    expect(Object.keys(WITHDRAWAL_TRANSITIONS).sort()).toEqual([...WITHDRAWAL_STATUSES].sort());
  });

  it('terminal statuses are those with no way out; PAID is not terminal', () => {
    expect([...TERMINAL_WITHDRAWAL_STATUSES].sort()).toEqual(['CANCELED', 'FAILED', 'REFUNDED', 'REJECTED']);
    expect(isTerminal('PAID')).toBe(false);
    expect(isTerminal('PENDING')).toBe(false);
  });

  it('refunds the debit when the payout did not or no longer reach the recipient', () => {
    const refunding = WITHDRAWAL_STATUSES.filter(refundsDebit);
    expect([...refunding].sort()).toEqual(['CANCELED', 'FAILED', 'REFUNDED', 'REJECTED']);
  });

  it('every refunding status is reachable', () => {
    const reachable = new Set(Object.values(WITHDRAWAL_TRANSITIONS).flat());
    for (const s of WITHDRAWAL_STATUSES.filter(refundsDebit)) expect(reachable.has(s)).toBe(true);
  });

  it('names events and recognises statuses', () => {
    expect(withdrawalEventName('PAID')).toBe('WITHDRAWAL_PAID');
    expect(withdrawalEventName('CANCELED')).toBe('WITHDRAWAL_CANCELED');
    expect(isWithdrawalStatus('PAID')).toBe(true);
    expect(isWithdrawalStatus('paid')).toBe(false);
    expect(isWithdrawalStatus('toString')).toBe(false);
  });
});

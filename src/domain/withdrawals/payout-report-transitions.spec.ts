import { describe, expect, it } from 'vitest';
import { canTransitionWithdrawal } from './withdrawal-machine';
import { mapPayoutStatus, reportPath } from './payout-report-transitions';
import { WITHDRAWAL_STATUSES } from './withdrawal-status';

describe('reportPath', () => {
  it.each([
    ['PENDING', 'APPROVED', ['APPROVED']],
    ['PENDING', 'PROCESSING', ['APPROVED', 'PROCESSING']],
    ['PENDING', 'PAID', ['APPROVED', 'PROCESSING', 'PAID']],
    ['PENDING', 'FAILED', ['APPROVED', 'FAILED']],
    ['APPROVED', 'PAID', ['PROCESSING', 'PAID']],
    ['BLOCKED', 'PAID', ['APPROVED', 'PROCESSING', 'PAID']],
    ['PAID', 'REFUNDED', ['REFUNDED']],
    ['PENDING', 'REFUNDED', []],
    ['PROCESSING', 'REFUNDED', []],
    ['PAID', 'PAID', []],
    ['PAID', 'PROCESSING', []],
    ['PAID', 'FAILED', []],
    ['FAILED', 'PAID', []],
    ['REJECTED', 'APPROVED', []],
    ['PROCESSING', 'CANCELED', []],
    ['PROCESSING', 'BLOCKED', []],
  ] as const)('%s + %s report -> %j', (from, reported, path) => {
    expect(reportPath(from, reported)).toEqual(path);
  });

  it('every path is a chain of allowed transitions, for every pair', () => {
    for (const from of WITHDRAWAL_STATUSES) {
      for (const to of WITHDRAWAL_STATUSES) {
        const path = reportPath(from, to);
        let at = from;
        for (const step of path) {
          expect(canTransitionWithdrawal(at, step)).toBe(true);
          at = step;
        }
        if (path.length > 0) expect(at).toBe(to);
        if (canTransitionWithdrawal(from, to)) expect(path).toEqual([to]);
      }
    }
  });

  it('unknown institution words become FAILED', () => {
    expect(mapPayoutStatus(' paid ')).toBe('PAID');
    expect(mapPayoutStatus('LIQUIDADO')).toBe('FAILED');
  });
});

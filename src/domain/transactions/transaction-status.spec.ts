import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  PROTECTIVE_TRANSACTION_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_STATUS_PRIORITY,
  mapInstitutionStatus,
  shouldApplyReport,
  transactionEventName,
  type TransactionStatus,
} from './transaction-status';

const rank = (s: TransactionStatus) => TRANSACTION_STATUS_PRIORITY[s];
const known = fc.constantFrom(...TRANSACTION_STATUSES);
/** Raw institution reports: mostly known statuses (any case), sometimes junk. */
const rawReport = fc.oneof(
  { weight: 4, arbitrary: known },
  { weight: 1, arbitrary: known.map((s) => ` ${s.toLowerCase()} `) },
  { weight: 1, arbitrary: fc.string() },
);

/** What the reconciliation use case does with a stream of reports. */
const applyReports = (reports: readonly string[], start: TransactionStatus = 'PENDING') =>
  reports.reduce<TransactionStatus>((current, raw) => {
    const reported = mapInstitutionStatus(raw);
    return shouldApplyReport(current, reported) ? reported : current;
  }, start);

describe('transaction statuses', () => {
  it('has the 14 statuses of SPEC, each with a distinct rank', () => {
    expect(TRANSACTION_STATUSES).toHaveLength(14);
    expect(Object.keys(TRANSACTION_STATUS_PRIORITY).sort()).toEqual([...TRANSACTION_STATUSES].sort());
    expect(new Set(Object.values(TRANSACTION_STATUS_PRIORITY)).size).toBe(14);
  });

  it('ranks as documented', () => {
    const ordered = [...TRANSACTION_STATUSES].sort((a, b) => rank(a) - rank(b));
    expect(ordered).toEqual([
      'PENDING',
      'WAITING_PAYMENT',
      'PROCESSING',
      'AUTHORIZED',
      'FAILED',
      'EXPIRED',
      'REFUSED',
      'PAID',
      'PARTIALLY_REFUNDED',
      'REFUNDED',
      'PENDING_REVIEW',
      'BLOCKED',
      'DISPUTE',
      'CHARGEDBACK',
    ]);
  });

  it.each<[TransactionStatus, TransactionStatus, boolean]>([
    ['PAID', 'WAITING_PAYMENT', false], // late "waiting" never undoes a payment
    ['REFUNDED', 'PAID', false],
    ['CHARGEDBACK', 'PAID', false],
    ['BLOCKED', 'PAID', false],
    ['DISPUTE', 'PAID', false],
    ['PAID', 'EXPIRED', false],
    ['EXPIRED', 'PAID', true], // paid in the last second
    ['FAILED', 'PAID', true],
    ['PARTIALLY_REFUNDED', 'REFUNDED', true],
    ['REFUNDED', 'PARTIALLY_REFUNDED', false],
    ['EXPIRED', 'FAILED', false], // unknown junk (FAILED) does not overwrite EXPIRED
    ['PAID', 'PAID', false], // a repeated report is not a status change
  ])('current %s, reported %s -> applied %s', (current, reported, applied) => {
    expect(shouldApplyReport(current, reported)).toBe(applied);
  });

  it('maps known statuses ignoring case and blanks, and anything else to FAILED', () => {
    expect(mapInstitutionStatus('PAID')).toBe('PAID');
    expect(mapInstitutionStatus(' partially_refunded\n')).toBe('PARTIALLY_REFUNDED');
    expect(mapInstitutionStatus('CREATED')).toBe('FAILED');
    expect(mapInstitutionStatus('')).toBe('FAILED');
    expect(mapInstitutionStatus('constructor')).toBe('FAILED');
    expect(mapInstitutionStatus('__proto__')).toBe('FAILED');
  });

  it('names events TRANSACTION_<STATUS>', () => {
    expect(transactionEventName('PAID')).toBe('TRANSACTION_PAID');
    expect(transactionEventName('PARTIALLY_REFUNDED')).toBe('TRANSACTION_PARTIALLY_REFUNDED');
  });
});

describe('priority rule (properties)', () => {
  it('unknown strings map to FAILED', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !(TRANSACTION_STATUSES as readonly string[]).includes(s.trim().toUpperCase())),
        (s) => mapInstitutionStatus(s) === 'FAILED',
      ),
    );
  });

  it('the final status is the highest-ranked status seen, starting from PENDING', () => {
    fc.assert(
      fc.property(fc.array(rawReport, { maxLength: 30 }), (reports) => {
        const seen: TransactionStatus[] = ['PENDING', ...reports.map(mapInstitutionStatus)];
        const highest = seen.reduce((a, b) => (rank(b) > rank(a) ? b : a));
        expect(applyReports(reports)).toBe(highest);
      }),
    );
  });

  it('the outcome does not depend on the order reports arrive in', () => {
    fc.assert(
      fc.property(
        fc.array(rawReport, { maxLength: 20 }).chain((r) => fc.tuple(fc.constant(r), fc.shuffledSubarray(r, { minLength: r.length }))),
        ([reports, shuffled]) => {
          expect(applyReports(shuffled)).toBe(applyReports(reports));
        },
      ),
    );
  });

  it('once a protective status is reached, no lower report changes it', () => {
    fc.assert(
      fc.property(
        fc.array(rawReport, { maxLength: 10 }),
        fc.constantFrom(...PROTECTIVE_TRANSACTION_STATUSES),
        fc.array(rawReport, { maxLength: 20 }),
        (before, protective, after) => {
          const reached = applyReports([...before, protective]);
          expect(rank(reached)).toBeGreaterThanOrEqual(rank(protective));
          const lower = after.filter((r) => rank(mapInstitutionStatus(r)) < rank(reached));
          expect(applyReports(lower, reached)).toBe(reached);
        },
      ),
    );
  });

  it('a status is only ever replaced by a higher one (monotone)', () => {
    fc.assert(
      fc.property(known, known, (current, reported) => {
        const next = shouldApplyReport(current, reported) ? reported : current;
        expect(rank(next)).toBeGreaterThanOrEqual(rank(current));
      }),
    );
  });
});

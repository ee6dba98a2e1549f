import { describe, expect, it } from 'vitest';
import { parseReplayFailed, parseResendTransactionEvents, parseResendWithdrawalEvents } from './webhook-replay-input';

describe('resend ids', () => {
  it('a list of ids, each once', () => {
    expect(parseResendTransactionEvents({ transactionIds: ['a', 'b', 'a'] })).toEqual(['a', 'b']);
    expect(parseResendWithdrawalEvents({ withdrawalIds: ['w'] })).toEqual(['w']);
  });

  it.each([
    [{}],
    [{ withdrawalIds: [] }],
    [{ withdrawalIds: 'w1' }],
    [{ withdrawalIds: [''] }],
    [{ withdrawalIds: ['ok', 3] }],
    [{ withdrawalIds: ['x'.repeat(201)] }],
    [{ withdrawalIds: Array.from({ length: 101 }, (_, i) => `w${i}`) }],
    [[]],
  ])('%j -> 400 INVALID_RESEND_IDS reported against the whole list', (input) => {
    expect(() => parseResendWithdrawalEvents(input)).toThrow(
      expect.objectContaining({ code: 'INVALID_RESEND_IDS', message: 'withdrawalIds must be a non-empty array of at most 100 ids', details: { field: 'withdrawalIds' } }),
    );
  });

  it('names the field of its route', () => {
    expect(() => parseResendTransactionEvents({ transactionIds: [1] })).toThrow(
      expect.objectContaining({ code: 'INVALID_RESEND_IDS', message: 'transactionIds must be a non-empty array of at most 100 ids', details: { field: 'transactionIds' } }),
    );
  });
});

describe('parseReplayFailed', () => {
  it('from, an optional to and webhook; dates as strings or Dates', () => {
    expect(parseReplayFailed({ from: '2026-01-01' })).toEqual({ from: new Date('2026-01-01T00:00:00Z') });
    expect(parseReplayFailed({ from: '2026-01-01T10:00:00Z', to: null, webhookId: null })).toEqual({ from: new Date('2026-01-01T10:00:00Z') });
    expect(parseReplayFailed({ from: new Date('2026-01-01T10:00:00Z'), to: '2026-01-02T00:00:00Z', webhookId: 'wh_1' })).toEqual({
      from: new Date('2026-01-01T10:00:00Z'),
      to: new Date('2026-01-02T00:00:00Z'),
      webhookId: 'wh_1',
    });
  });

  it.each([
    [{}, 'from'],
    [{ from: 'yesterday' }, 'from'],
    [{ from: '2026-13-45T00:00:00Z' }, 'from'],
    [{ from: 1_700_000_000_000 }, 'from'],
    [{ from: new Date(Number.NaN) }, 'from'],
    [{ from: 'yesterday', to: 'tomorrow' }, 'from'],
    [{ from: '2026-01-01', to: 'tomorrow' }, 'to'],
  ])('%j -> 400 INVALID_DATE on %s', (input, field) => {
    expect(() => parseReplayFailed(input)).toThrow(expect.objectContaining({ code: 'INVALID_DATE', message: `${field} must be an ISO 8601 date-time`, details: { field } }));
  });
});

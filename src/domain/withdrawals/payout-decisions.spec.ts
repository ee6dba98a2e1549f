import { describe, expect, it } from 'vitest';
import { afterQuery, afterSend } from './payout-decisions';
import { pspPayoutId } from './psp-payout-id';

describe('what to do after a send', () => {
  it('a record is applied; following stops only when it is final', () => {
    expect(afterSend({ kind: 'held', record: { status: 'PROCESSING' } })).toEqual({ act: 'report', record: { status: 'PROCESSING' }, done: false });
    expect(afterSend({ kind: 'held', record: { status: 'PAID', end2end: 'E1' } })).toMatchObject({ act: 'report', done: true });
  });
  it('a lost answer is never resent: the poll reads it back later', () => {
    expect(afterSend({ kind: 'unknown', reason: 'no answer within 8000 ms' })).toMatchObject({ act: 'wait', done: false });
  });
  it('a taken identifier is read back, not sent again', () => {
    expect(afterSend({ kind: 'duplicate' })).toEqual({ act: 'query', done: false });
  });
  it('a refusal fails the withdrawal with the reason', () => {
    expect(afterSend({ kind: 'refused', reason: 'chave_invalida: x' })).toEqual({ act: 'fail', reason: 'chave_invalida: x', done: true });
  });
});

describe('what to do after a query', () => {
  it('only "the PSP holds nothing" allows a send', () => {
    expect(afterQuery({ kind: 'absent' })).toEqual({ act: 'send', done: false });
    for (const answer of [{ kind: 'unknown', reason: 'r' }, { kind: 'refused', reason: 'r' }, { kind: 'duplicate' }] as const) {
      expect(afterQuery(answer).act).toBe('wait');
    }
  });
  it('a record is applied', () => {
    expect(afterQuery({ kind: 'held', record: { status: 'FAILED', reason: 'AC03' } })).toMatchObject({ act: 'report', done: true });
  });
});

describe('the PSP identifier', () => {
  it('is derived from the withdrawal id: the same each time, 1 to 35 letters and digits', () => {
    expect(pspPayoutId('clx0abc123')).toBe('Wclx0abc123');
    expect(pspPayoutId('clx0abc123')).toBe(pspPayoutId('clx0abc123'));
    const long = pspPayoutId('a-id-with-dashes-and-far-too-long-for-the-psp-0123456789');
    expect(long).toMatch(/^W[0-9a-f]{34}$/);
    expect(pspPayoutId('another-id')).not.toBe(long);
  });
});

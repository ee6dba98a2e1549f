import { describe, expect, it } from 'vitest';
import { REFUND_STATUSES, refundStatusOfPsp, refundTransition } from './refund-status';

describe('refund status from the PSP', () => {
  it('maps the API Pix devolução words to ours', () => {
    expect(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO', ' devolvido '].map(refundStatusOfPsp)).toEqual(['PROCESSING', 'RETURNED', 'FAILED', 'RETURNED']);
  });

  it('a word API Pix does not define maps to nothing', () => {
    expect(['', 'CONCLUIDA', 'toString', 'REJEITADA'].map(refundStatusOfPsp)).toEqual([null, null, null, null]);
  });

  it('moves forward only: requested, processing, then one final status', () => {
    expect(refundTransition('REQUESTED', 'PROCESSING')).toBe('PROCESSING');
    expect(refundTransition('REQUESTED', 'RETURNED')).toBe('RETURNED');
    expect(refundTransition('PROCESSING', 'FAILED')).toBe('FAILED');
    expect(refundTransition('PROCESSING', 'PROCESSING')).toBeNull();
    expect(refundTransition('PROCESSING', 'REQUESTED')).toBeNull();
  });

  it('a final status is final: a late or repeated outcome changes nothing', () => {
    for (const reported of REFUND_STATUSES) {
      expect(refundTransition('RETURNED', reported)).toBeNull();
      expect(refundTransition('FAILED', reported)).toBeNull();
    }
  });
});

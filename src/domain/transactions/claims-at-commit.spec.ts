import { describe, expect, it } from 'vitest';
import { claimsAtCommit } from './claims-at-commit';

describe('claimsAtCommit', () => {
  it('is true for PIX charges, with the method given or left to its default', () => {
    expect(claimsAtCommit({ amount: 100 })).toBe(true);
    expect(claimsAtCommit({ amount: 100, paymentMethod: 'PIX' })).toBe(true);
    expect(claimsAtCommit({ amount: 100, paymentMethod: null })).toBe(true);
  });

  it('is false for any other method, so those claim their key first', () => {
    expect(claimsAtCommit({ amount: 100, paymentMethod: 'CARD' })).toBe(false);
    expect(claimsAtCommit({ amount: 100, paymentMethod: 'BOLETO' })).toBe(false);
    expect(claimsAtCommit({ amount: 100, paymentMethod: 'pix' })).toBe(false);
  });

  it('an absent or odd body claims at commit: the create itself then refuses it', () => {
    expect(claimsAtCommit(undefined)).toBe(true);
    expect(claimsAtCommit('text')).toBe(true);
  });
});

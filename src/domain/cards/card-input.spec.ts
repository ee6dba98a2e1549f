import { describe, expect, it } from 'vitest';
import { cardBrand } from './card-brand';
import { assertNotExpired, parseCardInput, withoutCardSecrets } from './card-input';
import { isLuhnValid } from './luhn';
import { SANDBOX_TEST_CARDS, sandboxCardOutcome } from './sandbox-test-cards';

const valid = { number: '4111 1111 1111 1111', holderName: 'Maria', expMonth: 1, expYear: 2030, cvv: '123' };

describe('cards', () => {
  it('checks Luhn', () => {
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(isLuhnValid('4111x')).toBe(false);
  });

  it('has four Luhn-valid test cards of distinct brands, one per outcome', () => {
    for (const c of SANDBOX_TEST_CARDS) {
      expect(isLuhnValid(c.number)).toBe(true);
      expect(cardBrand(c.number)).toBe(c.brand);
      expect(sandboxCardOutcome(c.number)).toEqual(c.outcome);
    }
    expect(new Set(SANDBOX_TEST_CARDS.map((c) => c.brand)).size).toBe(4);
    expect(sandboxCardOutcome('4000000000000002')).toEqual({ approved: false, reason: 'CARD_NOT_ACCEPTED' });
  });

  it('recognises brands by their ranges', () => {
    expect(cardBrand('2221000000000009')).toBe('MASTERCARD');
    expect(cardBrand('6011111111111117')).toBe('DISCOVER');
    expect(cardBrand('6062825624254001')).toBe('HIPERCARD');
    expect(cardBrand('9999')).toBe('UNKNOWN');
  });

  it('parses a card, normalising spaces and two-digit years', () => {
    expect(parseCardInput({ ...valid, expYear: 31 })).toEqual({ number: '4111111111111111', holderName: 'Maria', expMonth: 1, expYear: 2031, cvv: '123' });
  });

  it.each([
    [undefined, 'CARD_REQUIRED'],
    [[], 'INVALID_CARD'],
    [{ ...valid, number: undefined }, 'CARD_NUMBER_REQUIRED'],
    [{ ...valid, number: 4111111111111111 }, 'INVALID_CARD_NUMBER'],
    [{ ...valid, number: '41111111111' }, 'INVALID_CARD_NUMBER'],
    [{ ...valid, holderName: null }, 'CARD_HOLDER_REQUIRED'],
    [{ ...valid, holderName: '1234' }, 'INVALID_CARD_HOLDER'],
    [{ ...valid, expMonth: 0 }, 'INVALID_CARD_EXPIRY'],
    [{ ...valid, expYear: 'soon' }, 'INVALID_CARD_EXPIRY'],
    [{ ...valid, cvv: '12a' }, 'INVALID_CARD_CVV'],
  ])('refuses %j with %s, never echoing the number', (card, code) => {
    try {
      parseCardInput(card);
      expect.unreachable();
    } catch (e) {
      expect((e as { code: string }).code).toBe(code);
      expect(JSON.stringify({ m: (e as Error).message, d: (e as { details: unknown }).details })).not.toContain('4111');
    }
  });

  it('accepts a card through the last day of its expiry month', () => {
    expect(() => assertNotExpired({ expMonth: 11, expYear: 2026 }, new Date('2026-11-30T23:59:59Z'))).not.toThrow();
    expect(() => assertNotExpired({ expMonth: 11, expYear: 2026 }, new Date('2026-12-01T00:00:00Z'))).toThrow(/expired/);
  });

  it('replaces number and CVV by keyed hashes for the idempotency fingerprint', () => {
    const out = withoutCardSecrets({ amount: 1, card: valid }, (v) => `h(${v})`) as { card: Record<string, unknown> };
    expect(out.card).toMatchObject({ number: 'h(number:4111111111111111)', cvv: 'h(cvv:123)', holderName: 'Maria' });
    expect(withoutCardSecrets({ amount: 1 }, () => 'x')).toEqual({ amount: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { maskQueryValues } from './log-url';

describe('request log masking', () => {
  it('keeps the path and parameter names, hides every value', () => {
    expect(maskQueryValues('/api/v1/cobranca/withdrawals?search=maria%40example.com&take=10')).toBe('/api/v1/cobranca/withdrawals?search=***&take=***');
    expect(maskQueryValues('/balance-statement')).toBe('/balance-statement');
    expect(maskQueryValues('/x?cpf=52998224725&&flag')).toBe('/x?cpf=***&flag=***');
  });
});

import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { alphanumericFromBytes, buildEndToEndId, buildTxid, derivedTxid, isOwnTxid, isValidEndToEndId, isValidTxid, randomTxid } from './ids';
import { codeOf } from '../../../test/support/domain-errors';

describe('isValidTxid', () => {
  it.each([
    ['a'.repeat(26), true],
    ['Z9'.repeat(17) + 'x', true], // 35
    ['a'.repeat(25), false],
    ['a'.repeat(36), false],
    ['a'.repeat(25) + '-', false],
    ['a'.repeat(25) + 'é', false],
    ['***', false],
    [undefined, false],
  ])('%j -> %s', (value, expected) => {
    expect(isValidTxid(value)).toBe(expected);
  });
});

describe('isValidEndToEndId', () => {
  it.each([
    ['E12345678202601021530abcDEF12345', true],
    ['E12345678202601021530abcDEF1234', false], // 31
    ['E12345678202601021530abcDEF123456', false], // 33
    ['E12345678202601021530abcDEF1234_', false],
    [42, false],
  ])('%j -> %s', (value, expected) => {
    expect(isValidEndToEndId(value)).toBe(expected);
  });
});

describe('buildEndToEndId', () => {
  it('concatenates E, ISPB, UTC yyyyMMddHHmm and the random part', () => {
    const id = buildEndToEndId({
      ispb: '00360305',
      at: new Date('2026-01-02T03:04:59.999-03:00'), // 06:04 UTC
      random: 'abcDEF12345',
    });
    expect(id).toBe('E00360305202601020604abcDEF12345');
    expect(id).toHaveLength(32);
    expect(isValidEndToEndId(id)).toBe(true);
  });

  it('uses UTC across a day boundary', () => {
    const id = buildEndToEndId({ ispb: '12345678', at: new Date('2025-12-31T23:59:00-03:00'), random: '0'.repeat(11) });
    expect(id.slice(9, 21)).toBe('202601010259');
  });

  it.each([
    [{ ispb: '1234567' }, 'INVALID_ISPB'],
    [{ ispb: '1234567a' }, 'INVALID_ISPB'],
    [{ at: new Date('nope') }, 'INVALID_DATE'],
    [{ random: 'abc' }, 'INVALID_END_TO_END_RANDOM'],
    [{ random: 'abcDEF1234-' }, 'INVALID_END_TO_END_RANDOM'],
    [{ random: 'abcDEF123456' }, 'INVALID_END_TO_END_RANDOM'],
  ])('rejects %j', (override, code) => {
    const parts = { ispb: '12345678', at: new Date('2026-01-01T00:00:00Z'), random: 'abcDEF12345', ...override };
    expect(codeOf(() => buildEndToEndId(parts))).toBe(code);
  });
});

describe('random parts from bytes', () => {
  it('maps every byte to one alphanumeric', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 11, maxLength: 11 }), (bytes) => {
        const random = alphanumericFromBytes(bytes);
        expect(random).toMatch(/^[0-9a-v]{11}$/);
        expect(isValidEndToEndId(buildEndToEndId({ ispb: '12345678', at: new Date(0), random }))).toBe(true);
      }),
    );
  });

  it('builds valid txids from 26 to 35 bytes only', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 26, maxLength: 35 }), (bytes) => {
        expect(isValidTxid(buildTxid(bytes))).toBe(true);
      }),
    );
    expect(codeOf(() => buildTxid(new Uint8Array(25)))).toBe('INVALID_TXID_LENGTH');
    expect(codeOf(() => buildTxid(new Uint8Array(36)))).toBe('INVALID_TXID_LENGTH');
  });
});

describe('derivedTxid', () => {
  it('is a valid txid, the same for the same seed and another for another seed', () => {
    const a = derivedTxid('seller-1\nkey-1\n{"amount":100}');
    expect(isValidTxid(a)).toBe(true);
    expect(a).toHaveLength(32);
    expect(derivedTxid('seller-1\nkey-1\n{"amount":100}')).toBe(a);
    expect(derivedTxid('seller-1\nkey-1\n{"amount":101}')).not.toBe(a);
    expect(derivedTxid('seller-2\nkey-1\n{"amount":100}')).not.toBe(a);
  });
});

describe('own txids', () => {
  it('derived and random txids of ours are recognised; a changed character, a UUID or a static code is not', () => {
    fc.assert(
      fc.property(fc.string(), fc.uint8Array({ minLength: 26, maxLength: 26 }), (seed, bytes) => {
        for (const txid of [derivedTxid(seed), randomTxid(bytes)]) {
          expect(isValidTxid(txid)).toBe(true);
          expect(txid).toHaveLength(32);
          expect(isOwnTxid(txid)).toBe(true);
          const i = seed.length % 32;
          const other = txid[i] === '0' ? '1' : '0';
          expect(isOwnTxid(txid.slice(0, i) + other + txid.slice(i + 1))).toBe(false);
        }
      }),
    );
    expect(isOwnTxid('3f2b8c1e9a7d4b6c8e0f1a2b3c4d5e6f')).toBe(false);
    expect(isOwnTxid('***')).toBe(false);
    expect(isOwnTxid(derivedTxid('x').toUpperCase())).toBe(false);
    expect(codeOf(() => randomTxid(new Uint8Array(25)))).toBe('INVALID_TXID_LENGTH');
  });
});

import { describe, it, expect } from 'vitest';
import { parseTlv, tlv, tlvMap } from './emv';
import { codeOf } from '../../../test/support/domain-errors';

describe('tlv', () => {
  it.each([
    ['00', '01', '000201'],
    ['26', 'br.gov.bcb.pix', '2614br.gov.bcb.pix'],
    ['62', '0503***', '62070503***'],
    ['99', 'x'.repeat(99), `9999${'x'.repeat(99)}`],
  ])('%s %s', (id, value, expected) => {
    expect(tlv(id, value)).toBe(expected);
  });

  it.each([
    ['00', 'x'.repeat(100)], // too long
    ['00', ''], // empty
    ['0', 'x'], // 1-digit id
    ['ab', 'x'], // non-numeric id
    ['59', 'SÃO PAULO'], // non-ASCII would break byte lengths
  ])('rejects case %#: id %j', (id, value) => {
    expect(codeOf(() => tlv(id, value))).toBe('INVALID_TLV');
  });
});

describe('parseTlv', () => {
  it('returns the fields in order', () => {
    expect(parseTlv('000201' + '26180014br.gov.bcb.pix' + '5303986')).toEqual([
      { id: '00', value: '01' },
      { id: '26', value: '0014br.gov.bcb.pix' },
      { id: '53', value: '986' },
    ]);
    expect(parseTlv('')).toEqual([]);
  });

  it('round-trips nested templates', () => {
    const inner = tlv('00', 'br.gov.bcb.pix') + tlv('25', 'pix.example.com/qr/abc');
    const [outer] = parseTlv(tlv('26', inner));
    expect(parseTlv(outer!.value)).toEqual([
      { id: '00', value: 'br.gov.bcb.pix' },
      { id: '25', value: 'pix.example.com/qr/abc' },
    ]);
  });

  it.each([
    ['0002'], // length past the end
    ['00020'], // truncated value
    ['0a0201'], // non-numeric id
    ['000201 '], // trailing garbage
    ['0000'], // zero length
  ])('rejects %j', (payload) => {
    expect(codeOf(() => parseTlv(payload))).toBe('INVALID_TLV');
  });
});

describe('tlvMap', () => {
  it('maps by id and rejects duplicates', () => {
    expect(tlvMap(parseTlv('0002015303986')).get('53')).toBe('986');
    expect(codeOf(() => tlvMap(parseTlv('000201000201')))).toBe('INVALID_TLV');
  });
});

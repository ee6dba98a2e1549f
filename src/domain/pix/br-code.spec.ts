import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../shared/errors';
import { buildDynamicBrCode, parseBrCode, verifyBrCode, type DynamicBrCodeInput } from './br-code';
import { crc16CcittFalse } from './crc16';
import { parseTlv, tlv, tlvMap } from './emv';
import { toEmvText } from './emv-text';
import { codeOf } from '../../../test/support/domain-errors';

const base: DynamicBrCodeInput = {
  locationUrl: 'https://pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
  amountCents: 1050,
  merchantName: 'Loja São João',
  merchantCity: 'São Paulo',
};

// Written out by hand; CRC computed by a separate implementation.
const GOLDEN =
  '000201' +
  '010212' +
  '2681' +
  '0014br.gov.bcb.pix' +
  '2559pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25' +
  '52040000' +
  '5303986' +
  '540510.50' +
  '5802BR' +
  '5913Loja Sao Joao' +
  '6009Sao Paulo' +
  '62070503***' +
  '63041AC7';

// Central Bank BR Code manual, static example.
const BCB_STATIC_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
  '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

const fieldsOf = (code: string) => tlvMap(parseTlv(code));

describe('buildDynamicBrCode', () => {
  it('matches the hand-written payload', () => {
    expect(buildDynamicBrCode(base)).toBe(GOLDEN);
  });

  it('puts the fields in the documented order, 00 first and 63 last', () => {
    const ids = parseTlv(buildDynamicBrCode(base)).map((f) => f.id);
    expect(ids).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
  });

  it('round-trips through parseBrCode', () => {
    expect(parseBrCode(buildDynamicBrCode(base))).toEqual({
      pointOfInitiationMethod: '12',
      locationUrl: 'pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
      merchantCategoryCode: '0000',
      currency: '986',
      amountCents: 1050,
      countryCode: 'BR',
      merchantName: 'Loja Sao Joao',
      merchantCity: 'Sao Paulo',
      txid: '***',
      crc: '1AC7',
    });
  });

  it('writes the CRC over everything including 6304, in upper case', () => {
    const code = buildDynamicBrCode(base);
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(crc16CcittFalse(code.slice(0, -4)));
    expect(code.slice(-4)).toMatch(/^[0-9A-F]{4}$/);
  });

  it.each([
    [1, '0.01'],
    [1050, '10.50'],
    [100000000, '1000000.00'],
    [999999999999, '9999999999.99'],
  ])('formats %i cents as %s', (amountCents, expected) => {
    expect(fieldsOf(buildDynamicBrCode({ ...base, amountCents })).get('54')).toBe(expected);
  });

  it('omits field 54 when there is no amount', () => {
    const { amountCents: _omit, ...noAmount } = base;
    const code = buildDynamicBrCode(noAmount);
    expect(fieldsOf(code).has('54')).toBe(false);
    expect(parseBrCode(code).amountCents).toBeUndefined();
  });

  it.each([[0], [-100], [12.5], [1_000_000_000_000]])('rejects amount %s', (amountCents) => {
    expect(codeOf(() => buildDynamicBrCode({ ...base, amountCents }))).toBe('INVALID_AMOUNT');
  });

  it.each([
    ['https://pix.example.com/qr/1', 'pix.example.com/qr/1'],
    ['http://pix.example.com/qr/1', 'pix.example.com/qr/1'],
    ['HTTPS://pix.example.com/qr/1', 'pix.example.com/qr/1'],
    ['pix.example.com/qr/1', 'pix.example.com/qr/1'],
  ])('stores location %s as %s', (locationUrl, expected) => {
    expect(parseBrCode(buildDynamicBrCode({ ...base, locationUrl })).locationUrl).toBe(expected);
  });

  it('accepts a 77-character location and rejects 78', () => {
    const host = 'pix.example.com/';
    const at77 = host + 'a'.repeat(77 - host.length);
    expect(parseBrCode(buildDynamicBrCode({ ...base, locationUrl: `https://${at77}` })).locationUrl).toBe(at77);
    expect(codeOf(() => buildDynamicBrCode({ ...base, locationUrl: `${at77}a` }))).toBe('INVALID_LOCATION_URL');
  });

  it.each([[''], ['https://'], ['ftp://pix.example.com/qr/1'], ['pix.example.com/q r'], ['pix.exämple.com/qr']])(
    'rejects location %j',
    (locationUrl) => {
      expect(codeOf(() => buildDynamicBrCode({ ...base, locationUrl }))).toBe('INVALID_LOCATION_URL');
    },
  );

  it('strips accents and non-ASCII from name and city', () => {
    const parsed = parseBrCode(
      buildDynamicBrCode({ ...base, merchantName: 'Açaí & Pão ☕ Conceição', merchantCity: 'Maceió' }),
    );
    expect(parsed.merchantName).toBe('Acai & Pao Conceicao');
    expect(parsed.merchantCity).toBe('Maceio');
  });

  it('truncates the name to 25 and the city to 15 characters', () => {
    const parsed = parseBrCode(
      buildDynamicBrCode({
        ...base,
        merchantName: 'Comércio de Alimentos Saudáveis Ltda',
        merchantCity: 'São José dos Campos',
      }),
    );
    expect(parsed.merchantName).toBe('Comercio de Alimentos Sau');
    expect(parsed.merchantCity).toBe('Sao Jose dos Ca');
  });

  it('rejects a name or city with nothing printable left', () => {
    expect(codeOf(() => buildDynamicBrCode({ ...base, merchantName: '東京' }))).toBe('INVALID_MERCHANT_NAME');
    expect(codeOf(() => buildDynamicBrCode({ ...base, merchantCity: '   ' }))).toBe('INVALID_MERCHANT_CITY');
  });

  it('never puts both 01 and 25 in template 26', () => {
    const account = tlvMap(parseTlv(fieldsOf(buildDynamicBrCode(base)).get('26')!));
    expect([...account.keys()]).toEqual(['00', '25']);
  });
});

describe('verifyBrCode', () => {
  it('accepts our codes and the Central Bank example', () => {
    expect(verifyBrCode(GOLDEN)).toBe(true);
    expect(verifyBrCode(BCB_STATIC_EXAMPLE)).toBe(true);
  });

  it.each([
    ['a changed character', GOLDEN.replace('Loja', 'Lojb')],
    ['a changed CRC', GOLDEN.slice(0, -4) + '1AC8'],
    ['a lower-case CRC', BCB_STATIC_EXAMPLE.slice(0, -4) + '1d3d'],
    ['no CRC field', GOLDEN.slice(0, -8)],
    ['a truncated payload', GOLDEN.slice(1)],
    ['an empty string', ''],
  ])('rejects %s', (_label, payload) => {
    expect(verifyBrCode(payload)).toBe(false);
  });

  it('rejects a payload whose CRC matches but whose TLV is broken', () => {
    const broken = '0003016304';
    expect(verifyBrCode(broken + crc16CcittFalse(broken))).toBe(false);
  });
});

describe('parseBrCode', () => {
  it('reads the Central Bank static example', () => {
    expect(parseBrCode(BCB_STATIC_EXAMPLE)).toEqual({
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      merchantCategoryCode: '0000',
      currency: '986',
      countryCode: 'BR',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
      crc: '1D3D',
    });
  });

  const withCrc = (withoutCrc: string) => withoutCrc + '6304' + crc16CcittFalse(withoutCrc + '6304');
  const gui = tlv('00', 'br.gov.bcb.pix');
  const tail = tlv('52', '0000') + tlv('53', '986') + tlv('58', 'BR') + tlv('59', 'A') + tlv('60', 'B');
  const dynamicAccount = tlv('26', gui + tlv('25', 'x/yz'));

  const reasonOf = (payload: string): string | undefined => {
    try {
      parseBrCode(payload);
    } catch (e) {
      if (e instanceof DomainError && e.code === 'INVALID_BR_CODE') return String(e.details?.['reason']);
      throw e;
    }
    return undefined;
  };

  it('accepts the minimal well-formed dynamic code used below', () => {
    expect(parseBrCode(withCrc(tlv('00', '01') + dynamicAccount + tail)).locationUrl).toBe('x/yz');
  });

  it.each([
    ['a bad CRC', GOLDEN.slice(0, -1) + '8', /CRC/],
    ['00 not first', withCrc(tlv('01', '12') + tlv('00', '01') + dynamicAccount + tail), /field 00/],
    ['both 01 and 25', withCrc(tlv('00', '01') + tlv('26', gui + tlv('01', 'abcd') + tlv('25', 'x/yz')) + tail), /exactly one/],
    ['neither 01 nor 25', withCrc(tlv('00', '01') + tlv('26', gui) + tail), /exactly one/],
    ['another GUI', withCrc(tlv('00', '01') + tlv('26', tlv('00', 'br.gov.bcb.xyz') + tlv('25', 'x/yz')) + tail), /GUI|br.gov.bcb.pix/],
    ['no template 26', withCrc(tlv('00', '01') + tail), /missing field 26/],
    ['a missing merchant name', withCrc(tlv('00', '01') + dynamicAccount + tail.replace(tlv('59', 'A'), '')), /missing field 59/],
    ['a bad amount', withCrc(tlv('00', '01') + dynamicAccount + tlv('54', 'ab.c') + tail), /amount/],
    ['a repeated field', withCrc(tlv('00', '01') + dynamicAccount + tail + tlv('58', 'BR')), /more than once/],
    ['a malformed template 26', withCrc(tlv('00', '01') + tlv('26', '0099x') + tail), /TLV/],
  ])('rejects %s', (_label, payload, reason) => {
    expect(reasonOf(payload)).toMatch(reason);
  });
});

describe('buildDynamicBrCode property', () => {
  const visibleAscii = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));
  const location = fc
    .string({ unit: visibleAscii, minLength: 1, maxLength: 77 })
    .filter((s) => !/^https?:\/\//i.test(s) && !s.includes('://'));
  const scheme = fc.constantFrom('', 'https://', 'http://');
  const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });

  it('builds codes that verify and parse back to their inputs', () => {
    fc.assert(
      fc.property(
        scheme,
        location,
        fc.option(fc.integer({ min: 1, max: 999_999_999_999 }), { nil: undefined }),
        text.filter((s) => toEmvText(s, 25) !== ''),
        text.filter((s) => toEmvText(s, 15) !== ''),
        (prefix, loc, amountCents, merchantName, merchantCity) => {
          const code = buildDynamicBrCode({
            locationUrl: prefix + loc,
            merchantName,
            merchantCity,
            ...(amountCents !== undefined && { amountCents }),
          });
          expect(verifyBrCode(code)).toBe(true);
          const parsed = parseBrCode(code);
          expect(parsed.locationUrl).toBe(loc);
          expect(parsed.pixKey).toBeUndefined();
          expect(parsed.amountCents).toBe(amountCents);
          expect(parsed.merchantName).toBe(toEmvText(merchantName, 25));
          expect(parsed.merchantCity).toBe(toEmvText(merchantCity, 15));
          expect(parsed.merchantName).toMatch(/^[\x20-\x7E]{1,25}$/);
          expect(parsed.merchantCity).toMatch(/^[\x20-\x7E]{1,15}$/);
          expect(parsed.pointOfInitiationMethod).toBe('12');
          expect(parsed.txid).toBe('***');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps plain ASCII names unchanged', () => {
    const word = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: 1, maxLength: 15 });
    fc.assert(
      fc.property(word, word, (merchantName, merchantCity) => {
        const parsed = parseBrCode(buildDynamicBrCode({ ...base, merchantName, merchantCity }));
        expect(parsed.merchantName).toBe(merchantName);
        expect(parsed.merchantCity).toBe(merchantCity);
      }),
    );
  });
});

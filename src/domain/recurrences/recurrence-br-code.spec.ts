import { describe, expect, it } from 'vitest';
import { buildDynamicBrCode, parseBrCode, verifyBrCode } from '../pix/br-code';
import { parseTlv, tlvMap } from '../pix/emv';
import { recurrenceBrCode } from './recurrence-br-code';
import { buildRecurrenceId, isRecurrenceId } from './recurrence-id';

const template80 = (code: string) => tlvMap(parseTlv(tlvMap(parseTlv(code)).get('80')!));

describe('the BR Code of a recurrence', () => {
  it('J2: the recurrence location alone under template 80, with a valid CRC', () => {
    const code = recurrenceBrCode({ recurrenceLocation: 'https://pix.example.com/pix/qr/rec1', merchantName: 'Academia Forte', merchantCity: 'São Paulo' });
    expect(verifyBrCode(code)).toBe(true);
    expect(template80(code).get('00')).toBe('br.gov.bcb.pix');
    expect(template80(code).get('25')).toBe('pix.example.com/pix/qr/rec1');
    expect(tlvMap(parseTlv(code)).has('26')).toBe(false);
  });

  it('J3: the first charge’s code keeps its fields and amount, and gains template 80', () => {
    const first = buildDynamicBrCode({ locationUrl: 'pix.example.com/pix/qr/cob1', amountCents: 4990, merchantName: 'Academia Forte', merchantCity: 'SAO PAULO' });
    const code = recurrenceBrCode({ recurrenceLocation: 'pix.example.com/pix/qr/rec1', merchantName: 'Academia Forte', merchantCity: 'SAO PAULO', firstPaymentBrCode: first });
    expect(verifyBrCode(code)).toBe(true);
    expect(parseBrCode(code).amountCents).toBe(4990);
    expect(code.startsWith(first.slice(0, -8))).toBe(true);
    expect(template80(code).get('25')).toBe('pix.example.com/pix/qr/rec1');
  });
});

describe('the idRec', () => {
  it('says whether retries are allowed, and carries the agent and the creation date', () => {
    const random = new Uint8Array(11).map((_, i) => i * 7);
    const withRetries = buildRecurrenceId({ policy: 'THREE_IN_SEVEN_DAYS', agent: '12345678', createdOn: '2027-01-15', random });
    expect(withRetries).toMatch(/^RR1234567820270115[a-zA-Z0-9]{11}$/);
    expect(isRecurrenceId(withRetries)).toBe(true);
    expect(buildRecurrenceId({ policy: 'NONE', agent: '12345678', createdOn: '2027-01-15', random }).startsWith('RN')).toBe(true);
  });
});

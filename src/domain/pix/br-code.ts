import { validationError } from '../shared/errors';
import type { Cents } from '../shared/money';
import { formatBrCodeAmount } from './amount';
import { crc16CcittFalse } from './crc16';
import { tlv } from './emv';
import { toEmvText } from './emv-text';

export { parseBrCode, verifyBrCode, type ParsedBrCode } from './br-code-parse';

export const PIX_GUI = 'br.gov.bcb.pix';
export const MAX_LOCATION_LENGTH = 77;
export const MAX_MERCHANT_NAME_LENGTH = 25;
export const MAX_MERCHANT_CITY_LENGTH = 15;

export interface DynamicBrCodeInput {
  /** The charge's location; a leading https:// or http:// is removed. */
  locationUrl: string;
  /** Omitted: the payer's app takes the amount from the location payload. */
  amountCents?: Cents;
  merchantName: string;
  merchantCity: string;
}

function locationWithoutScheme(url: string): string {
  const location = typeof url === 'string' ? url.replace(/^https?:\/\//i, '') : '';
  if (
    location.length < 1 ||
    location.length > MAX_LOCATION_LENGTH ||
    !/^[\x21-\x7E]+$/.test(location) ||
    location.includes('://')
  ) {
    throw validationError(
      'INVALID_LOCATION_URL',
      `location URL must be 1 to ${MAX_LOCATION_LENGTH} printable ASCII characters without scheme`,
      { field: 'locationUrl' },
    );
  }
  return location;
}

function emvTextField(value: string, max: number, code: string, field: string): string {
  const text = typeof value === 'string' ? toEmvText(value, max) : '';
  if (text === '') throw validationError(code, `${field} has no printable ASCII characters`, { field });
  return text;
}

/** Dynamic BR Code (EMV QRCPS-MPM) whose template 26 points at a location URL. */
export function buildDynamicBrCode(input: DynamicBrCodeInput): string {
  const location = locationWithoutScheme(input.locationUrl);
  const name = emvTextField(input.merchantName, MAX_MERCHANT_NAME_LENGTH, 'INVALID_MERCHANT_NAME', 'merchantName');
  const city = emvTextField(input.merchantCity, MAX_MERCHANT_CITY_LENGTH, 'INVALID_MERCHANT_CITY', 'merchantCity');
  const amount = input.amountCents === undefined ? '' : tlv('54', formatBrCodeAmount(input.amountCents));

  const withoutCrc =
    tlv('00', '01') +
    tlv('01', '12') +
    // Dynamic: 25 (location) only; 01 (key) belongs to static codes, never both.
    tlv('26', tlv('00', PIX_GUI) + tlv('25', location)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    amount +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    // The real txid lives in the location payload.
    tlv('62', tlv('05', '***')) +
    '6304';
  return withoutCrc + crc16CcittFalse(withoutCrc);
}

import { isDomainError, validationError } from '../shared/errors';
import type { Cents } from '../shared/money';
import { parseBrCodeAmount } from './amount';
import { crc16CcittFalse } from './crc16';
import { parseTlv, tlvMap } from './emv';

export interface ParsedBrCode {
  /** `12` single use (dynamic), `11` reusable; absent in many static codes. */
  pointOfInitiationMethod?: string;
  /** Template 26/25, dynamic codes. */
  locationUrl?: string;
  /** Template 26/01, static codes. */
  pixKey?: string;
  merchantCategoryCode: string;
  currency: string;
  amountCents?: Cents;
  countryCode: string;
  merchantName: string;
  merchantCity: string;
  /** Template 62/05; `***` in dynamic codes. */
  txid?: string;
  crc: string;
}

/**
 * True when the payload is well-formed TLV ending in field 63 and its CRC matches.
 * The CRC must be upper-case hex, as we emit it and as strict wallets expect.
 */
export function verifyBrCode(payload: string): boolean {
  if (typeof payload !== 'string' || !/6304[0-9A-F]{4}$/.test(payload)) return false;
  if (crc16CcittFalse(payload.slice(0, -4)) !== payload.slice(-4)) return false;
  try {
    const fields = parseTlv(payload);
    return fields[fields.length - 1]?.id === '63';
  } catch {
    return false;
  }
}

const invalid = (reason: string) => validationError('INVALID_BR_CODE', `invalid BR Code: ${reason}`, { reason });

function required(map: Map<string, string>, id: string, name: string): string {
  const value = map.get(id);
  if (value === undefined) throw invalid(`missing field ${id} (${name})`);
  return value;
}

function parseFields(payload: string): ParsedBrCode {
  const fields = parseTlv(payload);
  if (fields[0]?.id !== '00' || fields[0].value !== '01') throw invalid('field 00 must be first and equal 01');
  const top = tlvMap(fields);

  const account = tlvMap(parseTlv(required(top, '26', 'merchant account')));
  if (account.get('00')?.toLowerCase() !== 'br.gov.bcb.pix') throw invalid('template 26 is not br.gov.bcb.pix');
  const pixKey = account.get('01');
  const locationUrl = account.get('25');
  if ((pixKey === undefined) === (locationUrl === undefined)) {
    throw invalid('template 26 must carry exactly one of 01 (key) and 25 (location)');
  }

  const amount = top.get('54');
  const additional = top.get('62');
  const txid = additional === undefined ? undefined : tlvMap(parseTlv(additional)).get('05');
  const pointOfInitiationMethod = top.get('01');

  return {
    ...(pointOfInitiationMethod !== undefined && { pointOfInitiationMethod }),
    ...(locationUrl !== undefined && { locationUrl }),
    ...(pixKey !== undefined && { pixKey }),
    merchantCategoryCode: required(top, '52', 'merchant category code'),
    currency: required(top, '53', 'currency'),
    ...(amount !== undefined && { amountCents: parseBrCodeAmount(amount) }),
    countryCode: required(top, '58', 'country code'),
    merchantName: required(top, '59', 'merchant name'),
    merchantCity: required(top, '60', 'merchant city'),
    ...(txid !== undefined && { txid }),
    crc: required(top, '63', 'CRC'),
  };
}

/** Reads a BR Code (dynamic or static). Throws INVALID_BR_CODE when malformed or the CRC fails. */
export function parseBrCode(payload: string): ParsedBrCode {
  if (!verifyBrCode(payload)) throw invalid('malformed or CRC mismatch');
  try {
    return parseFields(payload);
  } catch (e) {
    if (isDomainError(e) && e.code !== 'INVALID_BR_CODE') throw invalid(e.message);
    throw e;
  }
}

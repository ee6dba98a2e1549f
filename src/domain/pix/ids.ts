import { createHash } from 'node:crypto';
import { validationError } from '../shared/errors';

/**
 * Central Bank identifiers. The domain stays pure, so builders take the random
 * part as an argument; infra draws the bytes (crypto.randomBytes) and passes them in.
 */
export const isValidTxid = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-zA-Z0-9]{26,35}$/.test(value);

export const isValidEndToEndId = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-zA-Z0-9]{32}$/.test(value);

// 32 symbols, so `byte & 31` picks one without modulo bias.
const ALPHABET = '0123456789abcdefghijklmnopqrstuv';

/** One alphanumeric character per random byte (5 bits of entropy each). */
export function alphanumericFromBytes(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte & 31];
  return out;
}

export interface EndToEndIdParts {
  /** ISPB of the payer's institution: 8 digits. */
  ispb: string;
  /** Creation instant, written as yyyyMMddHHmm in UTC. */
  at: Date;
  /** 11 alphanumerics, unique per ISPB and minute. */
  random: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'E' + ISPB (8) + yyyyMMddHHmm UTC (12) + random (11) = 32 characters. */
export function buildEndToEndId({ ispb, at, random }: EndToEndIdParts): string {
  if (!/^\d{8}$/.test(ispb)) throw validationError('INVALID_ISPB', 'ISPB must be 8 digits', { field: 'ispb' });
  if (!(at instanceof Date) || Number.isNaN(at.getTime()) || at.getUTCFullYear() < 0 || at.getUTCFullYear() > 9999) {
    throw validationError('INVALID_DATE', 'end-to-end id needs a valid date', { field: 'at' });
  }
  if (!/^[a-zA-Z0-9]{11}$/.test(random)) {
    throw validationError('INVALID_END_TO_END_RANDOM', 'random part must be 11 alphanumerics', { field: 'random' });
  }
  const stamp =
    pad(at.getUTCFullYear(), 4) +
    pad(at.getUTCMonth() + 1) +
    pad(at.getUTCDate()) +
    pad(at.getUTCHours()) +
    pad(at.getUTCMinutes());
  return `E${ispb}${stamp}${random}`;
}

/** A txid of 26 to 35 characters, one per random byte. */
export function buildTxid(bytes: Uint8Array): string {
  if (bytes.length < 26 || bytes.length > 35) {
    throw validationError('INVALID_TXID_LENGTH', 'txid needs 26 to 35 random bytes', { length: bytes.length });
  }
  return alphanumericFromBytes(bytes);
}

// PixPay's own txids: 26 characters of body and a 6-character tag (30 bits) that is a hash
// of the body, so a txid can be told as ours without a database: another system's cob on
// the same account (a UUID's 32 hex characters have our alphabet and length) passes the
// check once in a billion. No key: only the account's holder can make a cob at the PSP,
// and static codes carry at most 25 characters, so nobody can make a Pix whose txid merely
// pretends; a key's rotation would also change the txid of a create retried across it.
const TXID_BODY = 26;
const TXID_TAG = 6;
const sha256 = (text: string) => createHash('sha256').update(text).digest();
const withTag = (body: string): string => body + alphanumericFromBytes(sha256(`pixpay-txid-tag:v1\n${body}`).subarray(0, TXID_TAG));

/**
 * A txid derived from a seed (32 characters, from SHA-256): a retry of one request derives
 * the txid of its first attempt, so a PSP that took the first cob is asked for the same one.
 */
export function derivedTxid(seed: string): string {
  return withTag(alphanumericFromBytes(sha256(`pixpay-txid:v2\n${seed}`).subarray(0, TXID_BODY)));
}

/** A txid of ours from random bytes (at least 26; only the first 26 are used). */
export function randomTxid(bytes: Uint8Array): string {
  if (bytes.length < TXID_BODY) throw validationError('INVALID_TXID_LENGTH', `a txid needs ${TXID_BODY} random bytes`, { length: bytes.length });
  return withTag(alphanumericFromBytes(bytes.subarray(0, TXID_BODY)));
}

/** Whether a txid is one PixPay made (`derivedTxid`, `randomTxid`): its tag matches its body. */
export function isOwnTxid(txid: string): boolean {
  if (txid.length !== TXID_BODY + TXID_TAG || !/^[0-9a-v]+$/.test(txid)) return false;
  return withTag(txid.slice(0, TXID_BODY)) === txid;
}

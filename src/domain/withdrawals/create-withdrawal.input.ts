import { isValidCnpj, normalizeCnpj } from '../documents/cnpj';
import { isValidCpf, normalizeCpf } from '../documents/cpf';
import type { DocumentType } from '../documents/document';
import { isPixKeyType, normalizePixKey, PIX_KEY_TYPES, type PixKeyType } from '../pix/pix-key';
import { isDomainError, validationError } from '../shared/errors';
import type { Beneficiary } from './withdrawal.types';

export const WITHDRAWAL_LIMITS = {
  /** SPEC, Limits: minimum withdrawal. */
  minAmount: 500,
  /** R$ 1,000,000.00 per withdrawal (SPEC leaves the maximum to us). */
  maxAmount: 100_000_000,
  /** SPEC: beneficiary data is required for amounts above this (R$ 5,000.00). */
  beneficiaryThreshold: 500_000,
  /** SPEC: 140 characters (counted as Unicode code points). */
  descriptionMax: 140,
  externalReferenceMax: 100,
  beneficiaryNameMax: 120,
  metadataMaxBytes: 4_096,
  metadataMaxKeys: 50,
} as const;

export interface CreateWithdrawalInput {
  amount: number;
  method: 'PIX';
  pixKey: string;
  pixKeyType: PixKeyType;
  description: string | null;
  externalReference: string | null;
  beneficiary: Beneficiary;
  metadata: Record<string, unknown> | null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (code: string, message: string, field: string) => validationError(code, message, { field });
const absent = (v: unknown) => v === undefined || v === null;
// C0 and C1 control characters (newlines included) and DEL.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function parseAmount(v: unknown): number {
  if (absent(v)) throw bad('AMOUNT_REQUIRED', 'amount is required (integer cents)', 'amount');
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw bad('INVALID_AMOUNT', 'amount must be an integer number of cents', 'amount');
  if (v < WITHDRAWAL_LIMITS.minAmount) throw bad('AMOUNT_TOO_LOW', `amount must be at least ${WITHDRAWAL_LIMITS.minAmount} cents`, 'amount');
  if (v > WITHDRAWAL_LIMITS.maxAmount) throw bad('AMOUNT_TOO_HIGH', `amount must be at most ${WITHDRAWAL_LIMITS.maxAmount} cents`, 'amount');
  return v;
}

function parseMethod(v: unknown): 'PIX' {
  if (absent(v) || v === '') throw bad('METHOD_REQUIRED', 'method is required (PIX)', 'method');
  if (typeof v !== 'string') throw bad('INVALID_METHOD', 'method must be a string', 'method');
  if (v !== 'PIX') throw bad('UNSUPPORTED_METHOD', 'method must be PIX (the only method enabled)', 'method');
  return 'PIX';
}

function parsePixKey(typeRaw: unknown, keyRaw: unknown): { pixKey: string; pixKeyType: PixKeyType } {
  if (absent(typeRaw) || typeRaw === '') throw bad('PIX_KEY_TYPE_REQUIRED', `pixKeyType is required: ${PIX_KEY_TYPES.join(', ')}`, 'pixKeyType');
  if (!isPixKeyType(typeRaw)) throw bad('INVALID_PIX_KEY_TYPE', `pixKeyType must be one of ${PIX_KEY_TYPES.join(', ')}`, 'pixKeyType');
  if (absent(keyRaw) || (typeof keyRaw === 'string' && keyRaw.trim() === '')) throw bad('PIX_KEY_REQUIRED', 'pixKey is required', 'pixKey');
  if (typeof keyRaw !== 'string') throw bad(`INVALID_PIX_KEY_${typeRaw}`, `${typeRaw} key must be a string`, 'pixKey');
  // INVALID_PIX_KEY_CPF | _CNPJ | _PHONE | _EMAIL | _EVP, with the rule that failed.
  try {
    return { pixKey: normalizePixKey(typeRaw, keyRaw), pixKeyType: typeRaw };
  } catch (e) {
    if (isDomainError(e)) throw bad(e.code, e.message, 'pixKey');
    throw e;
  }
}

function optionalText(v: unknown, field: string, max: number, codes: { invalid: string; tooLong: string }): string | null {
  if (absent(v)) return null;
  if (typeof v !== 'string') throw bad(codes.invalid, `${field} must be a string`, field);
  const s = v.trim();
  if (s.length === 0) return null;
  if (Array.from(s).length > max) throw bad(codes.tooLong, `${field} must have at most ${max} characters`, field);
  return s;
}

function parseExternalReference(v: unknown): string | null {
  const s = optionalText(v, 'externalReference', WITHDRAWAL_LIMITS.externalReferenceMax, { invalid: 'INVALID_EXTERNAL_REFERENCE', tooLong: 'INVALID_EXTERNAL_REFERENCE' });
  if (s !== null && CONTROL.test(s)) throw bad('INVALID_EXTERNAL_REFERENCE', 'externalReference must not contain control characters', 'externalReference');
  return s;
}

export function parseWithdrawalMetadata(v: unknown): Record<string, unknown> | null {
  if (absent(v)) return null;
  if (!isPlainObject(v)) throw bad('INVALID_METADATA', 'metadata must be a JSON object', 'metadata');
  const keys = Object.keys(v);
  if (keys.length > WITHDRAWAL_LIMITS.metadataMaxKeys) throw bad('INVALID_METADATA', `metadata may have at most ${WITHDRAWAL_LIMITS.metadataMaxKeys} keys`, 'metadata');
  if (Buffer.byteLength(JSON.stringify(v)) > WITHDRAWAL_LIMITS.metadataMaxBytes) {
    throw bad('INVALID_METADATA', `metadata must serialise to at most ${WITHDRAWAL_LIMITS.metadataMaxBytes} bytes`, 'metadata');
  }
  return keys.length === 0 ? null : v;
}

/** CPF or CNPJ of the given type, check digits verified; a valid document of the other type is a mismatch. */
function parseDocumentNumber(type: DocumentType, raw: string, sandbox: boolean): string {
  const field = 'beneficiaryDocumentNumber';
  const number = type === 'CPF' ? normalizeCpf(raw) : normalizeCnpj(raw);
  const valid = type === 'CPF' ? isValidCpf(number, { allowSandboxMagic: sandbox }) : isValidCnpj(number);
  if (valid) return number;
  const other = normalizeCnpj(raw);
  if ((type === 'CPF' && isValidCnpj(other)) || (type === 'CNPJ' && isValidCpf(other, { allowSandboxMagic: sandbox }))) {
    throw bad('BENEFICIARY_DOCUMENT_TYPE_MISMATCH', `beneficiaryDocumentNumber is not a ${type} (it is a valid ${type === 'CPF' ? 'CNPJ' : 'CPF'})`, field);
  }
  throw bad(
    'INVALID_BENEFICIARY_DOCUMENT_NUMBER',
    type === 'CPF' ? 'beneficiaryDocumentNumber is not a valid CPF (11 digits with check digits)' : 'beneficiaryDocumentNumber is not a valid CNPJ (14 characters with check digits)',
    field,
  );
}

function parseBeneficiary(body: Record<string, unknown>, amount: number, sandbox: boolean): Beneficiary {
  const required = amount > WITHDRAWAL_LIMITS.beneficiaryThreshold;
  const why = `required for amounts above ${WITHDRAWAL_LIMITS.beneficiaryThreshold} cents`;

  const name = optionalText(body.beneficiaryName, 'beneficiaryName', WITHDRAWAL_LIMITS.beneficiaryNameMax, { invalid: 'INVALID_BENEFICIARY_NAME', tooLong: 'INVALID_BENEFICIARY_NAME' });
  if (name !== null && (CONTROL.test(name) || !/\p{L}/u.test(name))) {
    throw bad('INVALID_BENEFICIARY_NAME', 'beneficiaryName must be a name (letters, no control characters)', 'beneficiaryName');
  }
  if (required && name === null) throw bad('BENEFICIARY_NAME_REQUIRED', `beneficiaryName is ${why}`, 'beneficiaryName');

  const typeRaw = body.beneficiaryDocumentType;
  let documentType: DocumentType | null = null;
  if (!absent(typeRaw) && typeRaw !== '') {
    if (typeRaw !== 'CPF' && typeRaw !== 'CNPJ') throw bad('INVALID_BENEFICIARY_DOCUMENT_TYPE', 'beneficiaryDocumentType must be CPF or CNPJ', 'beneficiaryDocumentType');
    documentType = typeRaw;
  }
  const numberRaw = body.beneficiaryDocumentNumber;
  const hasNumber = !absent(numberRaw) && numberRaw !== '';
  if (documentType === null && (required || hasNumber)) {
    throw bad('BENEFICIARY_DOCUMENT_TYPE_REQUIRED', `beneficiaryDocumentType is ${required ? why : 'required with beneficiaryDocumentNumber'}`, 'beneficiaryDocumentType');
  }
  let documentNumber: string | null = null;
  if (documentType !== null) {
    if (!hasNumber) {
      throw bad('BENEFICIARY_DOCUMENT_NUMBER_REQUIRED', `beneficiaryDocumentNumber is ${required ? why : 'required with beneficiaryDocumentType'}`, 'beneficiaryDocumentNumber');
    }
    if (typeof numberRaw !== 'string') throw bad('INVALID_BENEFICIARY_DOCUMENT_NUMBER', 'beneficiaryDocumentNumber must be a string', 'beneficiaryDocumentNumber');
    documentNumber = parseDocumentNumber(documentType, numberRaw, sandbox);
  }
  return { name, documentType, documentNumber };
}

/**
 * Validates the body of POST /api/v1/cobranca/withdrawals (and the GraphQL input).
 * Rules are checked in a fixed order and the first one broken is reported, each with
 * its own stable code (see README, Withdrawals). Unknown fields are ignored.
 */
export function parseCreateWithdrawal(body: unknown, opts: { sandbox: boolean }): CreateWithdrawalInput {
  if (!isPlainObject(body)) throw bad('INVALID_BODY', 'request body must be a JSON object', 'body');
  const amount = parseAmount(body.amount);
  const method = parseMethod(body.method);
  const { pixKey, pixKeyType } = parsePixKey(body.pixKeyType, body.pixKey);
  const description = optionalText(body.description, 'description', WITHDRAWAL_LIMITS.descriptionMax, { invalid: 'INVALID_DESCRIPTION', tooLong: 'DESCRIPTION_TOO_LONG' });
  return {
    amount,
    method,
    pixKey,
    pixKeyType,
    description,
    externalReference: parseExternalReference(body.externalReference),
    metadata: parseWithdrawalMetadata(body.metadata),
    beneficiary: parseBeneficiary(body, amount, opts.sandbox),
  };
}

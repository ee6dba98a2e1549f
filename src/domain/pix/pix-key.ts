import { isValidCnpj, normalizeCnpj } from '../documents/cnpj';
import { isValidCpf, normalizeCpf } from '../documents/cpf';
import { validationError } from '../shared/errors';

export const PIX_KEY_TYPES = ['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'EVP'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const isPixKeyType = (value: unknown): value is PixKeyType =>
  typeof value === 'string' && (PIX_KEY_TYPES as readonly string[]).includes(value);

export const EMAIL_KEY_MAX_LENGTH = 77;

// Pragmatic: dot-separated atoms in the local part, and a domain of LDH labels
// ending in an alphabetic TLD. Applied to the lower-cased key.
const EMAIL_RE =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EVP_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Area code: two digits 1-9. Subscriber: mobile is 9 digits starting with 9; a
// landline is 8 digits starting with 2-5 (Anatel numbering plan), which also
// rejects an old 8-digit mobile that lost its leading 9.
const BR_NATIONAL_PHONE_RE = /^[1-9]{2}(?:9\d{8}|[2-5]\d{7})$/;

function invalid(type: PixKeyType, message: string) {
  return validationError(`INVALID_PIX_KEY_${type}`, message, { pixKeyType: type });
}

function normalizePhone(raw: string): string {
  const compact = raw.replace(/[\s().-]/g, '');
  let national: string | undefined;
  if (compact.startsWith('+')) {
    if (compact.startsWith('+55')) national = compact.slice(3);
  } else if (/^\d{10,11}$/.test(compact)) {
    national = compact; // area code + number
  } else if (/^55\d{10,11}$/.test(compact)) {
    national = compact.slice(2); // country code without '+'
  }
  if (national === undefined || !BR_NATIONAL_PHONE_RE.test(national)) {
    throw invalid('PHONE', 'PHONE key must be a Brazilian phone: +55, a 2-digit area code and 8 or 9 digits');
  }
  return `+55${national}`;
}

/** Returns the key in the form the DICT stores it, or throws INVALID_PIX_KEY_<TYPE>. */
export function normalizePixKey(type: string, raw: string): string {
  if (!isPixKeyType(type)) {
    throw validationError('INVALID_PIX_KEY_TYPE', `pixKeyType must be one of ${PIX_KEY_TYPES.join(', ')}`, {
      pixKeyType: type,
    });
  }
  if (typeof raw !== 'string') throw invalid(type, `${type} key must be a string`);
  switch (type) {
    case 'CPF': {
      const cpf = normalizeCpf(raw);
      if (!isValidCpf(cpf)) throw invalid(type, 'CPF key is not a valid CPF');
      return cpf;
    }
    case 'CNPJ': {
      const cnpj = normalizeCnpj(raw);
      if (!isValidCnpj(cnpj)) throw invalid(type, 'CNPJ key is not a valid CNPJ');
      return cnpj;
    }
    case 'PHONE':
      return normalizePhone(raw);
    case 'EMAIL': {
      const email = raw.trim().toLowerCase();
      if (email.length > EMAIL_KEY_MAX_LENGTH) {
        throw invalid(type, `EMAIL key must have at most ${EMAIL_KEY_MAX_LENGTH} characters`);
      }
      if (!EMAIL_RE.test(email)) throw invalid(type, 'EMAIL key is not a valid e-mail address');
      return email;
    }
    case 'EVP': {
      const evp = raw.trim().toLowerCase();
      if (!EVP_RE.test(evp)) throw invalid(type, 'EVP key must be a UUID (8-4-4-4-12 hex)');
      return evp;
    }
  }
}

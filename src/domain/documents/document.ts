import { validationError } from '../shared/errors';
import { isValidCnpj, normalizeCnpj } from './cnpj';
import { isValidCpf, type CpfOptions } from './cpf';

export type DocumentType = 'CPF' | 'CNPJ';

export interface Document {
  type: DocumentType;
  /** Normalized: CPF as 11 digits, CNPJ as 14 upper-case characters. */
  number: string;
}

/** Decides CPF or CNPJ by the length after normalization (11 or 14). */
export function parseDocument(input: string, options: CpfOptions = {}): Document {
  if (typeof input !== 'string') throw validationError('INVALID_DOCUMENT', 'document must be a string');
  const normalized = normalizeCnpj(input);
  if (normalized.length === 11) {
    if (!isValidCpf(normalized, options)) throw validationError('INVALID_CPF', 'CPF is not valid');
    return { type: 'CPF', number: normalized };
  }
  if (normalized.length === 14) {
    if (!isValidCnpj(normalized)) throw validationError('INVALID_CNPJ', 'CNPJ is not valid');
    return { type: 'CNPJ', number: normalized };
  }
  throw validationError('INVALID_DOCUMENT', 'document must be a CPF (11 digits) or a CNPJ (14 characters)', {
    length: normalized.length,
  });
}

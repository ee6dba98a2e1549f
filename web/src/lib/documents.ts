import { formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils';

/** CPF "123.456.789-09", CNPJ "12.345.678/0001-95" (alphanumeric CNPJs too); anything else as it came. */
export function formatDocument(type: string, number: string): string {
  const raw = number.replace(/[.\-/\s]/g, '').toUpperCase();
  if (type === 'CPF' && /^\d{11}$/.test(raw)) return formatCpf(raw);
  if (type === 'CNPJ' && /^[0-9A-Z]{12}\d{2}$/.test(raw)) return formatCnpj(raw, { version: 2 });
  return number;
}

import { mod11CheckDigit, stripDocumentPunctuation } from './check-digit';

/**
 * Repeated-digit CPFs pass the arithmetic but belong to nobody. The sandbox uses
 * three of them as magic values that pick the outcome of a KYC review.
 */
export const SANDBOX_MAGIC_CPFS = Object.freeze({
  '00000000000': 'APPROVED',
  '11111111111': 'PENDING_REVIEW',
  '22222222222': 'REJECTED',
} as const);

export type SandboxCpfOutcome = (typeof SANDBOX_MAGIC_CPFS)[keyof typeof SANDBOX_MAGIC_CPFS];

export interface CpfOptions {
  /** Accept the sandbox magic CPFs (sandbox environment only). */
  allowSandboxMagic?: boolean;
}

const DV1_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const DV2_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

export const normalizeCpf = (input: string): string => stripDocumentPunctuation(input);

export function sandboxCpfOutcome(digits: string): SandboxCpfOutcome | undefined {
  return Object.prototype.hasOwnProperty.call(SANDBOX_MAGIC_CPFS, digits)
    ? SANDBOX_MAGIC_CPFS[digits as keyof typeof SANDBOX_MAGIC_CPFS]
    : undefined;
}

/** Expects the normalized form: exactly 11 digits, no punctuation. */
export function isValidCpf(digits: string, options: CpfOptions = {}): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  if (/^(\d)\1{10}$/.test(digits)) {
    return options.allowSandboxMagic === true && sandboxCpfOutcome(digits) !== undefined;
  }
  const values = [...digits].map(Number);
  const dv1 = mod11CheckDigit(values.slice(0, 9), DV1_WEIGHTS);
  const dv2 = mod11CheckDigit([...values.slice(0, 9), dv1], DV2_WEIGHTS);
  return values[9] === dv1 && values[10] === dv2;
}

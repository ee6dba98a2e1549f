import { isValidCnpj, normalizeCnpj } from '../documents/cnpj';
import { isValidCpf, normalizeCpf } from '../documents/cpf';
import type { DocumentType } from '../documents/document';
import { normalizePixKey, PIX_KEY_TYPES, type PixKeyType } from '../pix/pix-key';
import { z } from 'zod';
import { isDomainError } from '../shared/errors';
import { refine, transform } from '../shared/zod-effects';
import { amountInCents, blankToNull, checkedLater, jsonMetadata } from '../shared/zod-fields';
import { coded, codedMessage, issue, parsePart, parseWith } from '../shared/zod-input';
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

const absent = (v: unknown) => v === undefined || v === null;
// C0 and C1 control characters (newlines included) and DEL.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const Method = z
  .literal('PIX', {
    errorMap: (_issue, ctx) => ({
      message:
        absent(ctx.data) || ctx.data === ''
          ? codedMessage('METHOD_REQUIRED', 'method is required (PIX)')
          : typeof ctx.data !== 'string'
            ? codedMessage('INVALID_METHOD', 'method must be a string')
            : codedMessage('UNSUPPORTED_METHOD', 'method must be PIX (the only method enabled)'),
    }),
  })
  .describe('PIX (the only method enabled)');

const PixKeyType = z.enum(PIX_KEY_TYPES, {
  errorMap: (_issue, ctx) => ({
    message:
      absent(ctx.data) || ctx.data === ''
        ? codedMessage('PIX_KEY_TYPE_REQUIRED', `pixKeyType is required: ${PIX_KEY_TYPES.join(', ')}`)
        : codedMessage('INVALID_PIX_KEY_TYPE', `pixKeyType must be one of ${PIX_KEY_TYPES.join(', ')}`),
  }),
});

const PixKey = z.string().describe('CPF or CNPJ (punctuation ignored), e-mail, Brazilian phone (normalised to E.164) or EVP (UUID)');

/**
 * Optional text, trimmed, null when blank, at most `max` characters counted as
 * Unicode code points (SPEC), each rule with its code.
 */
const text = (field: string, max: number, codes: { invalid: string; tooLong: string }, description?: string) => {
  const s = z
    .string(coded(codes.invalid, `${field} must be a string`))
    .trim()
    .regex(new RegExp(`^[\\s\\S]{0,${max}}$`, 'u'), { message: codedMessage(codes.tooLong, `${field} must have at most ${max} characters`) })
    .describe(`at most ${max} characters${description ? `; ${description}` : ''}`);
  return transform(s, blankToNull).nullish();
};

const Description = text('description', WITHDRAWAL_LIMITS.descriptionMax, { invalid: 'INVALID_DESCRIPTION', tooLong: 'DESCRIPTION_TOO_LONG' });

const ExternalReferenceText = text(
  'externalReference',
  WITHDRAWAL_LIMITS.externalReferenceMax,
  { invalid: 'INVALID_EXTERNAL_REFERENCE', tooLong: 'INVALID_EXTERNAL_REFERENCE' },
  'your own reference (searchable), no control characters',
);
const ExternalReference = refine(ExternalReferenceText, (s, ctx) => {
  if (s != null && CONTROL.test(s)) issue(ctx, 'INVALID_EXTERNAL_REFERENCE', 'externalReference must not contain control characters', []);
});

const Metadata = jsonMetadata({ field: 'metadata', code: 'INVALID_METADATA', maxKeys: WITHDRAWAL_LIMITS.metadataMaxKeys, maxBytes: WITHDRAWAL_LIMITS.metadataMaxBytes });

const REQUIRED_ABOVE = `required above ${WITHDRAWAL_LIMITS.beneficiaryThreshold} cents`;
const BeneficiaryNameText = text(
  'beneficiaryName',
  WITHDRAWAL_LIMITS.beneficiaryNameMax,
  { invalid: 'INVALID_BENEFICIARY_NAME', tooLong: 'INVALID_BENEFICIARY_NAME' },
  `letters, no control characters; ${REQUIRED_ABOVE}`,
);
const BeneficiaryName = refine(BeneficiaryNameText, (s, ctx) => {
  if (s != null && (CONTROL.test(s) || !/\p{L}/u.test(s))) issue(ctx, 'INVALID_BENEFICIARY_NAME', 'beneficiaryName must be a name (letters, no control characters)', []);
});
const BeneficiaryDocumentType = z
  .enum(['CPF', 'CNPJ'], coded('INVALID_BENEFICIARY_DOCUMENT_TYPE', 'beneficiaryDocumentType must be CPF or CNPJ'))
  .nullish()
  .describe(REQUIRED_ABOVE);
const BeneficiaryDocumentNumber = z.string().nullish().describe(`${REQUIRED_ABOVE}; punctuation ignored`);

/** CPF or CNPJ of the given type, check digits verified; a valid document of the other type is a mismatch. */
function documentNumber(type: DocumentType, raw: string, sandbox: boolean, ctx: z.RefinementCtx): string | undefined {
  const field = ['beneficiaryDocumentNumber'];
  const number = type === 'CPF' ? normalizeCpf(raw) : normalizeCnpj(raw);
  const valid = type === 'CPF' ? isValidCpf(number, { allowSandboxMagic: sandbox }) : isValidCnpj(number);
  if (valid) return number;
  const other = normalizeCnpj(raw);
  if ((type === 'CPF' && isValidCnpj(other)) || (type === 'CNPJ' && isValidCpf(other, { allowSandboxMagic: sandbox }))) {
    issue(ctx, 'BENEFICIARY_DOCUMENT_TYPE_MISMATCH', `beneficiaryDocumentNumber is not a ${type} (it is a valid ${type === 'CPF' ? 'CNPJ' : 'CPF'})`, field);
  } else {
    issue(
      ctx,
      'INVALID_BENEFICIARY_DOCUMENT_NUMBER',
      type === 'CPF' ? 'beneficiaryDocumentNumber is not a valid CPF (11 digits with check digits)' : 'beneficiaryDocumentNumber is not a valid CNPJ (14 characters with check digits)',
      field,
    );
  }
  return undefined;
}

type RawFields = Partial<Record<'pixKey' | 'description' | 'externalReference' | 'metadata' | 'beneficiaryName' | 'beneficiaryDocumentType' | 'beneficiaryDocumentNumber', unknown>>;

/** The key in its normal form for its type. */
function pixKey(type: PixKeyType, raw: unknown, ctx: z.RefinementCtx): string | undefined {
  if (absent(raw) || (typeof raw === 'string' && raw.trim() === '')) issue(ctx, 'PIX_KEY_REQUIRED', 'pixKey is required', ['pixKey']);
  else if (typeof raw !== 'string') issue(ctx, `INVALID_PIX_KEY_${type}`, `${type} key must be a string`, ['pixKey']);
  else {
    // INVALID_PIX_KEY_CPF | _CNPJ | _PHONE | _EMAIL | _EVP, with the rule that failed.
    try {
      return normalizePixKey(type, raw);
    } catch (e) {
      if (!isDomainError(e)) throw e;
      issue(ctx, e.code, e.message, ['pixKey']);
    }
  }
  return undefined;
}

/** Below the threshold the beneficiary fields are optional, but validated when given. */
function beneficiary(b: RawFields, amount: number, sandbox: boolean, ctx: z.RefinementCtx): Beneficiary | undefined {
  const required = amount > WITHDRAWAL_LIMITS.beneficiaryThreshold;
  const why = `required for amounts above ${WITHDRAWAL_LIMITS.beneficiaryThreshold} cents`;
  const name = parsePart(ctx, BeneficiaryName, b.beneficiaryName, ['beneficiaryName']);
  if (!name) return undefined;
  if (required && name.value == null) return issue(ctx, 'BENEFICIARY_NAME_REQUIRED', `beneficiaryName is ${why}`, ['beneficiaryName']);
  const type = b.beneficiaryDocumentType === '' ? { value: null } : parsePart(ctx, BeneficiaryDocumentType, b.beneficiaryDocumentType, ['beneficiaryDocumentType']);
  if (!type) return undefined;
  const documentType = type.value ?? null;
  const numberRaw = b.beneficiaryDocumentNumber;
  const hasNumber = !absent(numberRaw) && numberRaw !== '';
  if (documentType === null && (required || hasNumber)) {
    return issue(ctx, 'BENEFICIARY_DOCUMENT_TYPE_REQUIRED', `beneficiaryDocumentType is ${required ? why : 'required with beneficiaryDocumentNumber'}`, ['beneficiaryDocumentType']);
  }
  let number: string | null = null;
  if (documentType !== null) {
    if (!hasNumber) {
      return issue(ctx, 'BENEFICIARY_DOCUMENT_NUMBER_REQUIRED', `beneficiaryDocumentNumber is ${required ? why : 'required with beneficiaryDocumentType'}`, ['beneficiaryDocumentNumber']);
    }
    if (typeof numberRaw !== 'string') return issue(ctx, 'INVALID_BENEFICIARY_DOCUMENT_NUMBER', 'beneficiaryDocumentNumber must be a string', ['beneficiaryDocumentNumber']);
    const checked = documentNumber(documentType, numberRaw, sandbox, ctx);
    if (checked === undefined) return undefined;
    number = checked;
  }
  return { name: name.value ?? null, documentType, documentNumber: number };
}

/**
 * The body of POST /api/v1/cobranca/withdrawals (and the GraphQL input): validates it
 * and documents it. Rules are checked in a fixed order and the first one broken is
 * reported, each with its own stable code (see docs/integrate/withdrawals.md): amount, method
 * and pixKeyType by the object, then, in `transform`, the key for its type, the text
 * fields, metadata and the beneficiary (required above the threshold). Unknown fields
 * are refused (UNKNOWN_FIELD) before any of them; `metadata` is free JSON.
 */
function createWithdrawalRequest(sandbox: boolean) {
  const body = z.object(
    {
      amount: amountInCents({ min: WITHDRAWAL_LIMITS.minAmount, max: WITHDRAWAL_LIMITS.maxAmount, description: 'cents; the plan fee is debited beside it' }),
      method: Method,
      pixKeyType: PixKeyType,
      pixKey: checkedLater(PixKey),
      description: checkedLater(Description),
      externalReference: checkedLater(ExternalReference),
      metadata: checkedLater(Metadata),
      beneficiaryName: checkedLater(BeneficiaryName),
      beneficiaryDocumentType: checkedLater(BeneficiaryDocumentType),
      beneficiaryDocumentNumber: checkedLater(BeneficiaryDocumentNumber),
    },
    coded('INVALID_BODY', 'request body must be a JSON object'),
  ).strict();
  return transform(body, (b, ctx): CreateWithdrawalInput => {
    const key = pixKey(b.pixKeyType, b.pixKey, ctx);
    const description = key !== undefined && parsePart(ctx, Description, b.description, ['description']);
    const externalReference = description && parsePart(ctx, ExternalReference, b.externalReference, ['externalReference']);
    const metadata = externalReference && parsePart(ctx, Metadata, b.metadata, ['metadata']);
    const payee = metadata && beneficiary(b, b.amount, sandbox, ctx);
    if (!payee || key === undefined) return z.NEVER;
    const meta = metadata.value ?? null;
    return {
      amount: b.amount,
      method: b.method,
      pixKey: key,
      pixKeyType: b.pixKeyType,
      description: description.value ?? null,
      externalReference: externalReference.value ?? null,
      metadata: meta && Object.keys(meta).length > 0 ? meta : null,
      beneficiary: payee,
    };
  });
}

/** Built once: the production rules (documented) and the sandbox's. */
export const CreateWithdrawalRequest = createWithdrawalRequest(false);
const SandboxCreateWithdrawalRequest = createWithdrawalRequest(true);

/** Validates the body of POST /api/v1/cobranca/withdrawals (and the GraphQL input). */
export function parseCreateWithdrawal(body: unknown, opts: { sandbox: boolean }): CreateWithdrawalInput {
  return parseWith(opts.sandbox ? SandboxCreateWithdrawalRequest : CreateWithdrawalRequest, body);
}

import { isValidCnpj } from '../documents/cnpj';
import { isValidCpf } from '../documents/cpf';
import { FULLY_MASKED, maskAs, type MaskKind } from './mask-formats';

/**
 * Personal data in webhook payloads is masked before sending (SPEC "Privacy"); the
 * full data is available through the authenticated GET of the resource.
 *
 * Fields are matched by name, anywhere in the payload (also inside client `metadata`),
 * ignoring case, accents, spaces, "_" and "-" (`pix_key`, `E-mail`, `CPF`, `Endereço`,
 * `cpf do cliente` match): the exact names of MASKED_FIELDS, then the endings of
 * MASKED_FIELD_SUFFIXES, then the beginnings of MASKED_FIELD_PREFIXES (Portuguese puts
 * the noun first: `nomeCliente`, `telefoneContato`). Any other text is searched for
 * CPF and CNPJ by their shape (`documentsInText`). Formats: see `mask-formats.ts`. The rule errs on the side of privacy: a product called `name` in
 * metadata is masked too.
 *
 * When a listed field holds an object or an array, everything inside it is masked with
 * the field's kind, unless an inner field is listed with a kind of its own (so
 * `destinationAccount.name` is masked as a name, `address.street` as "***").
 */
export const MASKED_FIELDS: Readonly<Record<string, MaskKind>> = {
  name: 'NAME',
  fullName: 'NAME',
  firstName: 'NAME',
  lastName: 'NAME',
  socialName: 'NAME',
  beneficiaryName: 'NAME',
  holderName: 'NAME',
  payerName: 'NAME',
  customerName: 'NAME',
  motherName: 'NAME',

  document: 'DOCUMENT',
  documentNumber: 'DOCUMENT',
  beneficiaryDocumentNumber: 'DOCUMENT',
  payerDocument: 'DOCUMENT',
  payerDocumentNumber: 'DOCUMENT',
  cpf: 'DOCUMENT',
  cnpj: 'DOCUMENT',
  taxId: 'DOCUMENT',
  nationalId: 'DOCUMENT',
  rg: 'DOCUMENT',

  email: 'EMAIL',
  emails: 'EMAIL',
  emailAddress: 'EMAIL',
  payerEmail: 'EMAIL',
  customerEmail: 'EMAIL',

  phone: 'PHONE',
  phones: 'PHONE',
  phoneNumber: 'PHONE',
  mobile: 'PHONE',
  mobilePhone: 'PHONE',
  cellphone: 'PHONE',
  payerPhone: 'PHONE',

  pixKey: 'PIX_KEY',

  address: 'FULL',
  street: 'FULL',
  addressLine: 'FULL',
  zipCode: 'FULL',
  postalCode: 'FULL',
  cep: 'FULL',
  birthDate: 'FULL',
  dateOfBirth: 'FULL',
  ip: 'FULL',
  ipAddress: 'FULL',
  accountNumber: 'FULL',
  // Everything of the destination account is masked except the fields below.
  destinationAccount: 'FULL',

  // Portuguese names and their common spellings (matched without accents or spaces).
  nome: 'NAME',
  nomeCompleto: 'NAME',
  sobrenome: 'NAME',
  cliente: 'NAME',
  pagador: 'NAME',
  comprador: 'NAME',
  titular: 'NAME',
  nomeMae: 'NAME',
  documento: 'DOCUMENT',
  doc: 'DOCUMENT',
  telefone: 'PHONE',
  tel: 'PHONE',
  fone: 'PHONE',
  celular: 'PHONE',
  whatsapp: 'PHONE',
  endereco: 'FULL',
  logradouro: 'FULL',
  rua: 'FULL',
  bairro: 'FULL',
  numeroEndereco: 'FULL',
  complemento: 'FULL',
  dataNascimento: 'FULL',
  nascimento: 'FULL',
  chavePix: 'PIX_KEY',
};

/**
 * Names beginning like these are masked too (`nomeCliente`, `telefone_contato`,
 * `cpfDoCliente`, `enderecoEntrega`): the Portuguese order of the suffixes below.
 * `nome` is a prefix, so `nomeProduto` is masked as well; the rule errs on the side
 * of privacy.
 */
export const MASKED_FIELD_PREFIXES: Readonly<Record<string, MaskKind>> = {
  nome: 'NAME',
  cpf: 'DOCUMENT',
  cnpj: 'DOCUMENT',
  documento: 'DOCUMENT',
  telefone: 'PHONE',
  celular: 'PHONE',
  email: 'EMAIL',
  endereco: 'FULL',
  chavePix: 'PIX_KEY',
};

/**
 * Names ending like these are masked too (`contactEmail`, `customer_phone`,
 * `sellerCpf`...), since clients name their metadata freely. Only strong signals are
 * used as suffixes: "name" is not one (`productName`, `fileName`).
 */
export const MASKED_FIELD_SUFFIXES: Readonly<Record<string, MaskKind>> = {
  email: 'EMAIL',
  phone: 'PHONE',
  phoneNumber: 'PHONE',
  cpf: 'DOCUMENT',
  cnpj: 'DOCUMENT',
  documentNumber: 'DOCUMENT',
  pixKey: 'PIX_KEY',
  telefone: 'PHONE',
  celular: 'PHONE',
  documento: 'DOCUMENT',
  endereco: 'FULL',
};

/** SPEC: these contain no personal data and are always sent as they are. */
export const UNMASKED_DESTINATION_ACCOUNT_FIELDS = ['bank', 'branch', 'accountType'] as const;

/** Classifiers, not data: never masked, even inside a masked object (`document.type`). */
export const CLASSIFIER_FIELDS = ['type', 'documentType', 'pixKeyType', 'beneficiaryDocumentType'] as const;

const normalise = (key: string) =>
  key
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_-]/g, '');
const KIND_BY_KEY = new Map(Object.entries(MASKED_FIELDS).map(([k, kind]) => [normalise(k), kind]));
const KIND_BY_SUFFIX = Object.entries(MASKED_FIELD_SUFFIXES).map(([k, kind]) => [normalise(k), kind] as const);
const KIND_BY_PREFIX = Object.entries(MASKED_FIELD_PREFIXES).map(([k, kind]) => [normalise(k), kind] as const);
const kindOf = (k: string): MaskKind | undefined =>
  KIND_BY_KEY.get(k) ?? KIND_BY_SUFFIX.find(([suffix]) => k.endsWith(suffix))?.[1] ?? KIND_BY_PREFIX.find(([prefix]) => k.startsWith(prefix))?.[1];
const DESTINATION_ACCOUNT = normalise('destinationAccount');
const DESTINATION_EXEMPT = new Set(UNMASKED_DESTINATION_ACCOUNT_FIELDS.map(normalise));
const CLASSIFIERS = new Set(CLASSIFIER_FIELDS.map(normalise));

type Json = unknown;

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** Returns a masked deep copy; the input is not modified. */
export function maskPersonalData(payload: object): Record<string, unknown> {
  return maskObject(payload as Record<string, unknown>, undefined, undefined);
}

function maskObject(obj: Record<string, unknown>, inherited: MaskKind | undefined, ownKey: string | undefined) {
  const insideDestination = ownKey === DESTINATION_ACCOUNT;
  // Built with fromEntries so a "__proto__" key stays a plain own property.
  return Object.fromEntries(
    Object.entries(obj).map(([key, value]) => {
      const k = normalise(key);
      if ((insideDestination && DESTINATION_EXEMPT.has(k)) || CLASSIFIERS.has(k)) return [key, copy(value)];
      return [key, maskValue(value, kindOf(k) ?? inherited, k, obj)];
    }),
  );
}

function maskValue(value: Json, kind: MaskKind | undefined, key: string, holder: Record<string, unknown>): Json {
  if (Array.isArray(value)) return value.map((item) => maskValue(item, kind, key, holder));
  if (isPlainObject(value)) return maskObject(value, kind, key);
  if (kind === undefined) return typeof value === 'string' ? documentsInText(value, holder) : value;
  if (typeof value === 'string') return maskAs(kind, value, holder);
  if (typeof value === 'number' || typeof value === 'bigint') return maskAs(kind, String(value), holder);
  if (value === null || value === undefined || typeof value === 'boolean') return value; // no personal data in them
  return FULLY_MASKED; // a Date or another object under a masked name
}

function copy(value: Json): Json {
  if (Array.isArray(value)) return value.map(copy);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
  return value;
}

/**
 * CPF and CNPJ by their shape, in any text not masked by its name ("pedido do CPF
 * 529.982.247-25"): written with their punctuation they are always masked; as bare
 * digits (11 or 14) only when their check digits hold, so ids and numbers that merely
 * have as many digits are left alone. A match must not touch other letters or digits.
 */
const PUNCTUATED_DOCUMENT = /(?<![\p{L}\p{N}])(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})(?![\p{L}\p{N}])/gu;
const BARE_DOCUMENT = /(?<![\p{L}\p{N}])(\d{14}|\d{11})(?![\p{L}\p{N}])/gu;

export function documentsInText(text: string, holder: Record<string, unknown>): string {
  if (!/\d{2}/.test(text)) return text;
  return text
    .replace(PUNCTUATED_DOCUMENT, (m) => maskAs('DOCUMENT', m, holder))
    .replace(BARE_DOCUMENT, (m) => ((m.length === 11 ? isValidCpf(m) : isValidCnpj(m)) ? maskAs('DOCUMENT', m, holder) : m));
}

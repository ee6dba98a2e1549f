/**
 * How the personal-data inventory describes a stored field. Every column of every
 * table is classified: export, erasure and the retention job read these facts and
 * nothing else, so a new column cannot slip past them unclassified.
 */

/** Personal data; a financial record (kept by law, not personal); or neither. */
export type FieldClass = 'PERSONAL' | 'FINANCIAL_RECORD' | 'NEITHER';

/** What sort of personal data a field holds (log redaction and the data-subject rights guide use the same words). */
export type PersonalCategory = 'NAME' | 'EMAIL' | 'PHONE' | 'DOCUMENT' | 'PIX_KEY' | 'CREDENTIAL' | 'FREE_TEXT' | 'PERSON_RECORD';

/**
 * The irreversible value a personal field gets when it is anonymised:
 * - NULL: no value;
 * - ERASED_TEXT: the text `[erased]`;
 * - ERASED_EMAIL: `erased+<row id>@erased.invalid` (unique, never deliverable);
 * - UNUSABLE_SECRET: `erased:` + random digest (no password or token matches it);
 * - ERASED_JSON: `{"erased": true}`;
 * - EMPTY_BYTES: zero bytes (binary content such as an evidence file);
 * - { keepKeys }: a JSON object reduced to these keys (the rest is removed).
 */
export type Placeholder = 'NULL' | 'ERASED_TEXT' | 'ERASED_EMAIL' | 'UNUSABLE_SECRET' | 'ERASED_JSON' | 'EMPTY_BYTES' | { keepKeys: string[] };

/**
 * When erasure reaches a personal field:
 * - AT_ERASURE: no legal duty keeps it; it is anonymised when the operator executes the request;
 * - AFTER_RETENTION: a legal duty keeps it (financial records and the identification of the
 *   parties to them, 5 years, Lei 9.613/1998 art. 10 and BCB rules); it may be reduced at
 *   erasure (`atErasure`) and is anonymised by the retention job when the period ends.
 */
export type ErasureTiming = 'AT_ERASURE' | 'AFTER_RETENTION';

export interface PersonalField {
  class: 'PERSONAL';
  category: PersonalCategory;
  erasure: ErasureTiming;
  /** Its value once anonymised (at erasure, or when the retention ends). */
  placeholder: Placeholder;
  /** AFTER_RETENTION only: what erasure already removes while the rest is kept. */
  atErasure?: Placeholder;
}

export interface PlainField {
  class: 'FINANCIAL_RECORD' | 'NEITHER';
}

export type FieldSpec = PersonalField | PlainField;

/** Whose rows a table holds: a column naming the user or the seller. */
export interface TableOwner {
  column: string;
  subject: 'user' | 'seller';
}

export interface TableInventory {
  /** The capability the table belongs to (the data-subject rights guide's list is this one). */
  capability: string;
  /** Absent: the table holds no row of any one data subject. */
  owner?: TableOwner;
  /** The export's section name for this table; absent: not exported (internal copies, credentials only). */
  exportSection?: string;
  /** The unique row key exports walk by (keyset pagination, ideally an index after the owner column); `['id']` unless said. */
  key?: string[];
  /** Columns left out of the export although not personal (encrypted secrets). */
  exportOmit?: string[];
  columns: Record<string, FieldSpec>;
}

export type PersonalDataInventory = Record<string, TableInventory>;

import { validationError } from '../shared/errors';

/** One EMV field: 2-digit id, 2-digit length, value (1 to 99 characters). */
export interface TlvField {
  id: string;
  value: string;
}

// EMV lengths count bytes; keeping values to printable ASCII makes characters
// and bytes the same thing.
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw validationError('INVALID_TLV', `TLV id must be 2 digits, got "${id}"`);
  if (!PRINTABLE_ASCII.test(value)) {
    throw validationError('INVALID_TLV', `TLV ${id} value must be printable ASCII`, { id });
  }
  if (value.length < 1 || value.length > 99) {
    throw validationError('INVALID_TLV', `TLV ${id} value must have 1 to 99 characters`, {
      id,
      length: value.length,
    });
  }
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Splits a TLV string into its fields, in order. Throws INVALID_TLV when malformed. */
export function parseTlv(payload: string): TlvField[] {
  const fields: TlvField[] = [];
  let pos = 0;
  while (pos < payload.length) {
    const header = payload.slice(pos, pos + 4);
    if (!/^\d{4}$/.test(header)) {
      throw validationError('INVALID_TLV', `malformed TLV header at position ${pos}`, { position: pos });
    }
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const value = payload.slice(pos + 4, pos + 4 + length);
    if (length === 0 || value.length !== length) {
      throw validationError('INVALID_TLV', `TLV ${id} at position ${pos} has a bad length`, { id, position: pos });
    }
    fields.push({ id, value });
    pos += 4 + length;
  }
  return fields;
}

/** Fields by id; a repeated id is malformed. */
export function tlvMap(fields: readonly TlvField[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const { id, value } of fields) {
    if (map.has(id)) throw validationError('INVALID_TLV', `TLV ${id} appears more than once`, { id });
    map.set(id, value);
  }
  return map;
}

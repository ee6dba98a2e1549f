import { PERSONAL_DATA_INVENTORY } from './personal-data-inventory';
import type { PersonalDataInventory, TableOwner } from './personal-data.types';

/** One section of an export: a table's rows of the subject, credentials left out. */
export interface ExportSection {
  name: string;
  table: string;
  owner: TableOwner;
  key: string[];
  columns: string[];
}

/** The export's sections, in inventory order, read from the inventory. */
export function exportSections(inventory: PersonalDataInventory = PERSONAL_DATA_INVENTORY): ExportSection[] {
  const sections: ExportSection[] = [];
  for (const [table, entry] of Object.entries(inventory)) {
    if (!entry.exportSection || !entry.owner) continue;
    const columns = Object.entries(entry.columns)
      .filter(([name, spec]) => !(spec.class === 'PERSONAL' && spec.category === 'CREDENTIAL') && !entry.exportOmit?.includes(name))
      .map(([name]) => name);
    sections.push({ name: entry.exportSection, table, owner: entry.owner, key: entry.key ?? ['id'], columns });
  }
  return sections;
}

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

/**
 * A stored row as the export shows it: camelCase names, amounts in cents (integers),
 * timestamps as ISO 8601 in UTC. Nested JSON (a charge's customer, metadata) is kept as stored.
 */
export function exportRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[camel(k)] = typeof v === 'string' && TIMESTAMP.test(v) ? new Date(v).toISOString() : v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

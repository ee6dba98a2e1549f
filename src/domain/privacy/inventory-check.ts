import type { PersonalDataInventory } from './personal-data.types';

export interface StoredColumn {
  table: string;
  column: string;
}

const WHERE = 'src/domain/privacy/personal-data-inventory.ts';

/**
 * What the inventory misses or invents, compared with the columns a migrated database
 * really has: one line per problem, naming `table.column` and where to fix it.
 */
export function inventoryProblems(inventory: PersonalDataInventory, stored: StoredColumn[], exemptTables: string[] = []): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { table, column } of stored) {
    if (exemptTables.includes(table)) continue;
    seen.add(`${table}.${column}`);
    const entry = inventory[table];
    if (!entry) {
      problems.push(`${table}.${column}: table "${table}" is not in the personal-data inventory; add it to PERSONAL_DATA_INVENTORY in ${WHERE} and classify each column (PERSONAL / FINANCIAL_RECORD / NEITHER)`);
    } else if (!entry.columns[column]) {
      problems.push(`${table}.${column}: column not classified; add "${column}" to PERSONAL_DATA_INVENTORY.${table}.columns in ${WHERE} (PERSONAL / FINANCIAL_RECORD / NEITHER)`);
    }
  }
  for (const [table, entry] of Object.entries(inventory)) {
    for (const column of Object.keys(entry.columns)) {
      if (!seen.has(`${table}.${column}`)) problems.push(`${table}.${column}: classified in ${WHERE} but no migration creates it; remove it there`);
    }
    if (entry.owner && !entry.columns[entry.owner.column]) problems.push(`${table}: owner column "${entry.owner.column}" is not one of its columns`);
  }
  return problems;
}

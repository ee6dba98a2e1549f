import { PERSONAL_DATA_INVENTORY } from './personal-data-inventory';
import type { PersonalDataInventory, Placeholder, TableOwner } from './personal-data.types';

/** ERASURE: when the operator executes the request. RETENTION_END: when the legal period is over. */
export type ErasurePhase = 'ERASURE' | 'RETENTION_END';

export interface TableErasure {
  table: string;
  owner: TableOwner;
  /** The row's identifying column (e-mail placeholders are made unique with it). */
  key: string;
  /** Column -> the placeholder it gets in this phase. */
  set: Record<string, Placeholder>;
}

/** Years financial records and the identification of their parties are kept (SPEC, Limits). */
export const FINANCIAL_RETENTION_YEARS = 5;

/** What each phase of an erasure changes, read from the inventory. */
export function erasurePlan(phase: ErasurePhase, inventory: PersonalDataInventory = PERSONAL_DATA_INVENTORY): TableErasure[] {
  const plan: TableErasure[] = [];
  for (const [table, entry] of Object.entries(inventory)) {
    if (!entry.owner) continue;
    const set: Record<string, Placeholder> = {};
    for (const [column, spec] of Object.entries(entry.columns)) {
      if (spec.class !== 'PERSONAL') continue;
      if (phase === 'ERASURE' && spec.erasure === 'AT_ERASURE') set[column] = spec.placeholder;
      if (phase === 'ERASURE' && spec.erasure === 'AFTER_RETENTION' && spec.atErasure) set[column] = spec.atErasure;
      if (phase === 'RETENTION_END' && spec.erasure === 'AFTER_RETENTION') set[column] = spec.placeholder;
    }
    if (Object.keys(set).length > 0) plan.push({ table, owner: entry.owner, key: (entry.key ?? ['id']).at(-1) ?? 'id', set });
  }
  return plan;
}

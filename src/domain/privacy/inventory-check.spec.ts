import { describe, expect, it } from 'vitest';
import { inventoryProblems } from './inventory-check';
import type { PersonalDataInventory } from './personal-data.types';

const inventory: PersonalDataInventory = {
  people: { capability: 'x', owner: { column: 'id', subject: 'user' }, columns: { id: { class: 'NEITHER' }, email: { class: 'PERSONAL', category: 'EMAIL', erasure: 'AT_ERASURE', placeholder: 'ERASED_EMAIL' } } },
};

describe('inventoryProblems', () => {
  it('is empty when every stored column is classified and nothing else is', () => {
    expect(inventoryProblems(inventory, [{ table: 'people', column: 'id' }, { table: 'people', column: 'email' }])).toEqual([]);
  });

  it('names an unclassified column and an unknown table, with where to classify them', () => {
    const problems = inventoryProblems(inventory, [
      { table: 'people', column: 'id' },
      { table: 'people', column: 'email' },
      { table: 'people', column: 'phone' },
      { table: 'pets', column: 'name' },
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^people\.phone: column not classified; add "phone" to PERSONAL_DATA_INVENTORY\.people\.columns in src\/domain\/privacy\/personal-data-inventory\.ts/);
    expect(problems[1]).toMatch(/^pets\.name: table "pets" is not in the personal-data inventory/);
  });

  it('names a classified column no migration creates, and skips exempt tables', () => {
    const problems = inventoryProblems(inventory, [{ table: 'people', column: 'id' }, { table: 'tooling', column: 'x' }], ['tooling']);
    expect(problems).toEqual([expect.stringMatching(/^people\.email: classified in .* but no migration creates it/)]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryProblems, type StoredColumn } from '../../src/domain/privacy/inventory-check';
import { INVENTORY_EXEMPT_TABLES, PERSONAL_DATA_INVENTORY } from '../../src/domain/privacy/personal-data-inventory';
import { openTestOrm } from '../support/orm';

let db: Awaited<ReturnType<typeof openTestOrm>>;

beforeAll(async () => {
  db = await openTestOrm(2);
});
afterAll(async () => {
  await db?.close();
});

describe('the personal-data inventory and the migrations', () => {
  it('classifies every column of every table the migrations create, and nothing more', async () => {
    const stored = (await db.orm.em.getConnection().execute(
      `select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = current_schema() order by table_name, ordinal_position`,
    )) as StoredColumn[];
    expect(stored.length).toBeGreaterThan(100);
    const problems = inventoryProblems(PERSONAL_DATA_INVENTORY, stored, INVENTORY_EXEMPT_TABLES);
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
  });
});

import { openOrm, type Orm } from '../../src/infra/db/orm';
import { createMigratedTestDatabase } from './database';

/** A migrated, throw-away database and its ORM, for adapter tests without HTTP. */
export async function openTestOrm(poolSize = 10): Promise<{ orm: Orm; url: string; close(): Promise<void> }> {
  const db = await createMigratedTestDatabase();
  const orm = await openOrm({ url: db.url, poolSize });
  return {
    orm,
    url: db.url,
    close: async () => {
      await orm.close(true);
      await db.drop();
    },
  };
}

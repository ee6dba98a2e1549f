import { MikroORM, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { accountSchemas } from './entities/accounts.schemas';
import { migrationsList } from './migrations';

export type Orm = MikroORM;

export interface OrmOptions {
  url: string;
  poolSize: number;
  debug?: boolean;
}

export function ormConfig(o: OrmOptions): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: o.url,
    entities: [...accountSchemas],
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: o.poolSize },
    // Connection failures surface at start as a clear error instead of hanging.
    driverOptions: { connection: { connectionTimeoutMillis: 5_000 } },
    allowGlobalContext: false,
    debug: o.debug ?? false,
    discovery: { warnWhenNoEntities: false },
    ensureDatabase: false,
  };
}

export async function openOrm(o: OrmOptions): Promise<Orm> {
  const orm = await MikroORM.init(ormConfig(o));
  // init() connects lazily in some drivers; probe now so bad URLs fail at start.
  await orm.em.getConnection().execute('select 1');
  return orm;
}

export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}

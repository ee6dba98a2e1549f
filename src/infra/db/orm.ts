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

/**
 * knex prints its warnings on stdout, outside the service's JSON log. The one it prints
 * for each pooled connection the server closed is dropped: the pool replaces the
 * connection, and an outage is logged by the service itself, once (DependencyOutage).
 */
function knexWarning(message: string): void {
  if (!message.startsWith('Connection Error:')) console.warn(message);
}

export function ormConfig(o: OrmOptions): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: o.url,
    entities: [...accountSchemas],
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    // A connection once opened is kept (min = max; none is opened ahead of need): with min 0
    // the ones a burst opened were closed after 30 s idle, and the next burst waited while
    // new ones connected, at the moment when every connection counts.
    pool: { min: o.poolSize, max: o.poolSize },
    driverOptions: {
      // Connection failures surface at start as a clear error instead of hanging.
      connection: { connectionTimeoutMillis: 5_000 },
      log: { warn: knexWarning },
    },
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

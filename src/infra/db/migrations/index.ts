import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000Foundation } from './Migration20261121000000Foundation';
import { Migration20261121020000Platform } from './Migration20261121020000Platform';

/** Every migration, in order. Listed explicitly so compiled and test runs find the same set. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000000Foundation', class: Migration20261121000000Foundation },
  { name: 'Migration20261121020000Platform', class: Migration20261121020000Platform },
];

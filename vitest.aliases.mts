import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Module aliases every vitest configuration shares. vitest would otherwise load both the
 * CJS and ESM builds of graphql and break schema construction ("another module or
 * realm"); graphql-query-complexity's ESM build imports graphql's ESM files, so it takes
 * its CJS build too.
 */
export const aliases = {
  graphql: require.resolve('graphql'),
  'graphql-query-complexity': require.resolve('graphql-query-complexity'),
};

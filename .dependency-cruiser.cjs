/** Layer rules: the domain is pure; doors and adapters depend on it, never the reverse. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain must not import infra, the doors, the application facade or the composition root',
      from: { path: '^src/domain' },
      to: { path: '^src/(infra|rest|graphql|application|main|cli)' },
    },
    {
      name: 'domain-no-io-libraries',
      severity: 'error',
      comment: 'src/domain must not import I/O libraries',
      from: { path: '^src/domain' },
      to: { path: 'node_modules/(express|@mikro-orm|pg|@electric-sql|rabbitmq-client|type-graphql|@apollo|graphql-ws|ws|pino)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'modules import each other one way: a cycle means an error, guard or type belongs in a file of its own',
      from: { path: '^src' },
      to: { circular: true },
    },
    {
      name: 'doors-see-no-adapters',
      severity: 'error',
      comment: 'the REST and GraphQL doors reach adapters only through the services they are given',
      from: { path: '^src/(rest|graphql)' },
      to: { path: '^src/infra' },
    },
    {
      name: 'doors-see-only-the-application',
      severity: 'error',
      comment: 'the doors stand on the application floor (src/application: the Services facade, the Commands, the door ports); the composition root (src/main) stands above them and they never import it',
      from: { path: '^src/(rest|graphql)' },
      to: { path: '^src/(main|cli)/' },
    },
    {
      name: 'application-is-one-floor-below-the-doors',
      severity: 'error',
      comment: 'src/application (the facade) names domain types and plain library types only: nothing from src/infra (not even types), the doors or the composition root',
      from: { path: '^src/application/' },
      to: { path: '^src/(infra|rest|graphql|main|cli)/' },
    },
    {
      name: 'adapters-stand-below-the-root',
      severity: 'error',
      comment: 'src/infra implements the domain ports; it never imports the doors, the application facade or the composition root',
      from: { path: '^src/infra/' },
      to: { path: '^src/(rest|graphql|application|main|cli)/' },
    },
    {
      name: 'root-is-on-top',
      severity: 'error',
      comment: 'only the process entry points (src/main.ts, src/cli) import the composition root from outside it',
      from: { path: '^src/', pathNot: '^src/(main/|main\\.ts$|cli/)' },
      to: { path: '^src/main/' },
    },
    {
      name: 'doors-do-not-cross',
      severity: 'error',
      comment: 'the REST and GraphQL doors are independent of each other',
      from: { path: '^src/rest' },
      to: { path: '^src/graphql' },
    },
    {
      name: 'doors-do-not-cross-back',
      severity: 'error',
      from: { path: '^src/graphql' },
      to: { path: '^src/rest' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};

/** Layer rules: the domain is pure; doors and adapters depend on it, never the reverse. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain must not import infra, rest, graphql or the composition root',
      from: { path: '^src/domain' },
      to: { path: '^src/(infra|rest|graphql|app|cli)' },
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
      name: 'doors-see-only-the-facade',
      severity: 'error',
      comment: 'of the composition root, the doors see only the Services type (src/app/services.ts)',
      from: { path: '^src/(rest|graphql)' },
      to: { path: '^src/app/', pathNot: '^src/app/services\\.ts$' },
    },
    {
      name: 'facade-offers-no-platform',
      severity: 'error',
      comment: 'the doors facade (src/app/services.ts) does not hand out the platform (entity manager, raw SQL, unit of work, jobs, idempotency): doors write through commands',
      from: { path: '^src/app/services\\.ts$' },
      to: { path: '^src/app/wiring/platform\\.ts$' },
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
    {
      name: 'service-does-not-import-tools',
      severity: 'error',
      comment: 'the service (src) never imports the development tools (tools/, such as the PSP simulator)',
      from: { path: '^src' },
      to: { path: '^tools' },
    },
    {
      name: 'simulator-sees-only-the-domain',
      severity: 'error',
      comment: 'the PSP simulator stands for a payment institution: of PixPay it may reuse only pure domain code (the BR Code encoder)',
      from: { path: '^tools/psp-simulator' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};

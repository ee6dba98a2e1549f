import { graphql, type ResultOf } from './graphql';
import { useQuery } from './hooks';

const Sandbox = graphql(`query Sandbox { sandbox { kycDocuments { document kycStatus } } }`);

export type SandboxInfo = NonNullable<ResultOf<typeof Sandbox>['sandbox']>;

/** The sandbox's test values; undefined while loading and in production (where the API answers null). */
export function useSandbox(): SandboxInfo | undefined {
  return useQuery(Sandbox, {}).data?.sandbox ?? undefined;
}

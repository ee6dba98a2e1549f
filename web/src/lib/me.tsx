import { createContext, type ReactNode, useContext } from 'react';
import { Loadable } from '../components/ui';
import { graphql, type ResultOf } from './graphql';
import { useQuery } from './hooks';

export const MeQuery = graphql(`
  query Me {
    me {
      credential
      user { id email role twoFactorEnabled }
      seller {
        id name documentType documentNumber kycStatus createdAt
        feePlan { pixInBasisPoints pixInFixedCents pixInMinimumCents withdrawalFixedCents }
      }
    }
  }
`);

export type Me = ResultOf<typeof MeQuery>['me'];

interface MeState {
  me: Me | undefined;
  reload(): void;
}

const Ctx = createContext<MeState>({ me: undefined, reload: () => undefined });

export function MeProvider({ children }: { children: ReactNode }) {
  const q = useQuery(MeQuery, {});
  // Until the caller is known nothing else can render; a failure shows with a retry.
  const gate = q.data ? children : <Loadable loading={q.loading} error={q.error} reload={q.reload}>{null}</Loadable>;
  return <Ctx.Provider value={{ me: q.data?.me, reload: q.reload }}>{gate}</Ctx.Provider>;
}

export const useMe = () => useContext(Ctx);

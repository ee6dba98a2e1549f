import { createContext, type ReactNode, useContext } from 'react';
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
  return <Ctx.Provider value={{ me: q.data?.me, reload: q.reload }}>{q.data || q.error ? children : null}</Ctx.Provider>;
}

export const useMe = () => useContext(Ctx);

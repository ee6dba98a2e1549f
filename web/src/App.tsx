import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Layout } from './components/Layout';
import { session } from './lib/client';
import { MeProvider, useMe } from './lib/me';
import { useRoute } from './lib/router';
import { AccountPage } from './pages/AccountPage';
import { AuthPage } from './pages/AuthPage';
import { ChargeDetailPage } from './pages/ChargeDetailPage';
import { ChargesPage } from './pages/ChargesPage';
import { DisputeDetailPage } from './pages/DisputeDetailPage';
import { DisputesPage } from './pages/DisputesPage';
import { KeysPage } from './pages/KeysPage';
import { RecurrenceDetailPage } from './pages/RecurrenceDetailPage';
import { RecurrencesPage } from './pages/RecurrencesPage';
import { MarketplacePage } from './pages/MarketplacePage';
import { SandboxPage } from './pages/SandboxPage';
import { WalletPage } from './pages/WalletPage';
import { WebhooksPage } from './pages/WebhooksPage';
import { WithdrawalsPage } from './pages/WithdrawalsPage';
import { SellerRequired } from './pages/SellerRequired';

export function App() {
  const token = useSyncExternalStore(session.subscribe, session.token);
  if (!token) return <AuthPage />;
  return (
    <MeProvider key={token}>
      <Routed />
    </MeProvider>
  );
}

function Routed() {
  const [page = 'charges', id] = useRoute();
  const { me } = useMe();
  const main = useRef<HTMLElement>(null);
  // Moving focus to the new page's heading tells keyboard and screen-reader users the page changed.
  useEffect(() => {
    main.current?.querySelector('h1')?.focus();
  }, [page, id]);
  const needsSeller = !me?.seller && page !== 'account';
  return (
    <Layout page={page} mainRef={main}>
      {needsSeller ? <SellerRequired /> : <Page page={page} id={id} />}
    </Layout>
  );
}

function Page({ page, id }: { page: string; id?: string }) {
  switch (page) {
    case 'account':
      return <AccountPage />;
    case 'keys':
      return <KeysPage />;
    case 'charges':
      return id ? <ChargeDetailPage id={id} /> : <ChargesPage />;
    case 'recurrences':
      return id ? <RecurrenceDetailPage id={id} /> : <RecurrencesPage />;
    case 'disputes':
      return id ? <DisputeDetailPage id={id} /> : <DisputesPage />;
    case 'marketplace':
      return <MarketplacePage />;
    case 'wallet':
      return <WalletPage />;
    case 'withdrawals':
      return <WithdrawalsPage />;
    case 'webhooks':
      return <WebhooksPage />;
    case 'sandbox':
      return <SandboxPage initialId={id} />;
    default:
      return <ChargesPage />;
  }
}

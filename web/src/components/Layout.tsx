import type { ReactNode, RefObject } from 'react';
import { request, session } from '../lib/client';
import { graphql } from '../lib/graphql';
import { useI18n } from '../lib/i18n';
import type { MessageKey } from '../lib/messages';
import { useMe } from '../lib/me';
import { href } from '../lib/router';

const LogOut = graphql(`mutation LogOut { logOut }`);

const NAV: [string, MessageKey][] = [
  ['charges', 'navCharges'],
  ['recurrences', 'navRecurrences'],
  ['disputes', 'navDisputes'],
  ['marketplace', 'navMarketplace'],
  ['wallet', 'navWallet'],
  ['withdrawals', 'navWithdrawals'],
  ['webhooks', 'navWebhooks'],
  ['keys', 'navKeys'],
  ['account', 'navAccount'],
  ['sandbox', 'navSandbox'],
];

export function Layout({ page, mainRef, children }: { page: string; mainRef: RefObject<HTMLElement>; children: ReactNode }) {
  const { t, locale, setLocale } = useI18n();
  const { me } = useMe();
  const logOut = async () => {
    await request(LogOut, {}).catch(() => undefined);
    session.set(null);
  };
  return (
    <div className="shell">
      <a className="skip" href="#main">
        {t('skipToContent')}
      </a>
      <header className="top">
        <span className="brand">PixPay</span>
        <span className="muted who">{me?.seller?.name ?? me?.user?.email}</span>
        <button type="button" className="link" onClick={() => setLocale(locale === 'en' ? 'pt-BR' : 'en')} lang={locale === 'en' ? 'pt-BR' : 'en'}>
          {t('switchLanguage')}
        </button>
        <button type="button" className="link" onClick={() => void logOut()}>
          {t('logOut')}
        </button>
      </header>
      <nav className="side" aria-label={t('menu')}>
        <ul>
          {NAV.map(([p, label]) => (
            <li key={p}>
              <a href={href(p)} aria-current={page === p ? 'page' : undefined}>
                {t(label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={mainRef}>
        {children}
      </main>
    </div>
  );
}

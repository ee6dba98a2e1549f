import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { en, type MessageKey, pt } from './messages';
import { moneyFormat } from './money';

export type Locale = 'pt-BR' | 'en';
const LOCALE_KEY = 'pixpay.locale';

interface I18n {
  locale: Locale;
  t(key: MessageKey): string;
  setLocale(l: Locale): void;
  /** cents -> "R$ 1.234,56" (pt-BR) or "R$1,234.56" (en) */
  money(cents: number | null | undefined): string;
  /** an ISO instant in the user's time zone */
  dateTime(iso: string | null | undefined): string;
  date(iso: string): string;
}

const Ctx = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(() => (localStorage.getItem(LOCALE_KEY) === 'en' ? 'en' : 'pt-BR'));
  const setLocale = useCallback((l: Locale) => {
    localStorage.setItem(LOCALE_KEY, l);
    setLocaleState(l);
  }, []);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const value = useMemo<I18n>(() => {
    const dict = locale === 'en' ? en : pt;
    const dt = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
    const d = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });
    return {
      locale,
      setLocale,
      t: (k) => dict[k],
      money: (c) => (c === null || c === undefined ? '—' : moneyFormat(locale, c)),
      dateTime: (iso) => (iso ? dt.format(new Date(iso)) : '—'),
      date: (iso) => d.format(new Date(iso)),
    };
  }, [locale, setLocale]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useI18n(): I18n {
  const v = useContext(Ctx);
  if (!v) throw new Error('useI18n outside I18nProvider');
  return v;
}

import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type CodeFamily, codeLabel, errorLabel } from './labels/code-labels';
import { statementDescription } from './labels/statement-labels';
import { en, type MessageKey, pt } from './messages';
import { type Cents, type Direction, moneyFormat, signedMoneyFormat } from './money';

export type Locale = 'pt-BR' | 'en';
const LOCALE_KEY = 'pixpay.locale';

interface I18n {
  locale: Locale;
  t(key: MessageKey): string;
  setLocale(l: Locale): void;
  /** cents -> "R$ 1.234,56" (pt-BR) or "R$1,234.56" (en) */
  money(cents: Cents | null | undefined): string;
  /** a debit with a minus sign, a credit without, whatever sign the API sent */
  signedMoney(cents: Cents, direction: Direction): string;
  /** a code the API sends (a status, a method, a key type...) as words */
  label(family: CodeFamily, code: string): string;
  /** what an error code means; the API's message when the code is new to this app */
  errorText(code: string, apiMessage: string): string;
  /** a statement line's description as words of the locale */
  statementText(description: string): string;
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
      signedMoney: (c, direction) => signedMoneyFormat(locale, c, direction),
      label: (family, code) => codeLabel(family, code, locale),
      errorText: (code, apiMessage) => errorLabel(code, apiMessage, locale),
      statementText: (description) => statementDescription(description, locale, (c) => moneyFormat(locale, c)),
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

/** "1.234,56", "1234.56" or "12" (reais, as typed) -> cents; null when it is not an amount. */
export function parseReais(text: string): number | null {
  const s = text.trim().replace(/^R\$\s*/, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(s)) return null;
  const normal = /,\d{1,2}$/.test(s) || /\.\d{3}/.test(s) ? s.replace(/\./g, '').replace(',', '.') : s.replace(',', '.');
  const cents = Math.round(Number(normal) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * An amount in integer cents as the API sends it: a number today, and a bigint or a
 * string of digits should the money scalar grow past what a JavaScript number holds.
 */
export type Cents = number | bigint | string;

/** Cents as a bigint; null when the value is no whole number of cents. */
export function toBigCents(cents: Cents): bigint | null {
  if (typeof cents === 'bigint') return cents;
  if (typeof cents === 'number') return Number.isSafeInteger(cents) ? BigInt(cents) : null;
  return /^-?\d+$/.test(cents.trim()) ? BigInt(cents.trim()) : null;
}

/** Exact reais as a decimal string ("-1234.56"): no rounding through floating point. */
function reaisText(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * cents -> "R$ 1.234,56" in pt-BR (the space is a no-break space), "R$1,234.56" in
 * English. What is not a whole number of cents is shown as it came, never as a wrong amount.
 */
export function moneyFormat(locale: 'pt-BR' | 'en', cents: Cents): string {
  const exact = toBigCents(cents);
  if (exact === null) return String(cents);
  // Intl formats a decimal string exactly (Intl.NumberFormat v3); the lib types know only number | bigint.
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(reaisText(exact) as unknown as number);
}

/** Which way money moved for the seller: a debit carries a minus sign whatever the sign the API sent. */
export type Direction = 'credit' | 'debit';

export function signedMoneyFormat(locale: 'pt-BR' | 'en', cents: Cents, direction: Direction): string {
  const exact = toBigCents(cents);
  if (exact === null) return String(cents);
  const abs = exact < 0n ? -exact : exact;
  return moneyFormat(locale, direction === 'debit' ? -abs : abs);
}

/** "1.234,56", "1234.56" or "12" (reais, as typed) -> cents; null when it is not an amount. */
export function parseReais(text: string): number | null {
  const s = text.trim().replace(/^R\$\s*/, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(s)) return null;
  const normal = /,\d{1,2}$/.test(s) || /\.\d{3}/.test(s) ? s.replace(/\./g, '').replace(',', '.') : s.replace(',', '.');
  const cents = Math.round(Number(normal) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** cents -> "R$ 1.234,56" in pt-BR (the space is a no-break space), "R$1,234.56" in English. */
export function moneyFormat(locale: 'pt-BR' | 'en', cents: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(cents / 100);
}

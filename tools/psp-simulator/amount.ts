/** API Pix amounts: reais as a string with two decimals ("123.45"), here held as integer centavos. */
const AMOUNT = /^\d{1,10}\.\d{2}$/;

export function centsOf(valor: unknown): number | null {
  if (typeof valor !== 'string' || !AMOUNT.test(valor)) return null;
  const [reais, centavos] = valor.split('.');
  return Number(reais) * 100 + Number(centavos);
}

export function reaisOf(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Brands recognised by their leading digits (IIN ranges); Elo is checked first because some of its ranges sit inside Visa's and Mastercard's. */
export type CardBrand = 'ELO' | 'HIPERCARD' | 'AMEX' | 'DINERS' | 'DISCOVER' | 'MASTERCARD' | 'VISA' | 'UNKNOWN';

const ELO_PREFIXES = ['401178', '401179', '438935', '457631', '457632', '431274', '451416', '457393', '504175', '506699', '5067', '509', '627780', '636297', '636368', '650', '6516', '6550'];

export function cardBrand(number: string): CardBrand {
  const starts = (p: string) => number.startsWith(p);
  if (ELO_PREFIXES.some(starts)) return 'ELO';
  if (starts('606282') || starts('3841')) return 'HIPERCARD';
  if (starts('34') || starts('37')) return 'AMEX';
  if (/^3(0[0-5]|6|8)/.test(number)) return 'DINERS';
  if (starts('6011') || starts('65') || /^64[4-9]/.test(number)) return 'DISCOVER';
  const two = Number(number.slice(0, 2));
  const four = Number(number.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MASTERCARD';
  if (starts('4')) return 'VISA';
  return 'UNKNOWN';
}

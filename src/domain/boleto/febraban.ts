/**
 * FEBRABAN "bloqueto de cobrança" numbering: the 44-digit barcode and the 47-digit
 * digitable line (linha digitável), with their check digits.
 *
 * Barcode layout (positions 1-based): 1-3 bank code, 4 currency (9 = BRL), 5 general
 * check digit (modulo 11), 6-9 due-date factor, 10-19 amount in cents, 20-44 the
 * bank's free field (campo livre, 25 digits).
 *
 * Digitable line: field 1 = bank + currency + free[1..5] + DV; field 2 = free[6..15]
 * + DV; field 3 = free[16..25] + DV (each DV modulo 10); field 4 = the barcode's
 * general DV; field 5 = due-date factor + amount.
 */

const digitsOf = (s: string): number[] => [...s].map((c) => c.charCodeAt(0) - 48);

/** Modulo 10 of a digitable-line field: weights 2,1,2,1... from the right, products' digits summed. */
export function modulo10(digits: string): number {
  let sum = 0;
  digitsOf(digits)
    .reverse()
    .forEach((d, i) => {
      const p = d * (i % 2 === 0 ? 2 : 1);
      sum += p > 9 ? p - 9 : p;
    });
  return (10 - (sum % 10)) % 10;
}

/** Modulo 11 of the barcode's 43 other digits: weights 2..9 from the right; 0, 10 and 11 become 1. */
export function barcodeModulo11(digits43: string): number {
  let sum = 0;
  digitsOf(digits43)
    .reverse()
    .forEach((d, i) => {
      sum += d * (2 + (i % 8));
    });
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

const DAY_MS = 86_400_000;
/** Factor 1000 after the 2025 reset. */
const RESET_BASE = Date.UTC(2025, 1, 22);
/** The factor runs 1000..9999, then starts again at 1000: a cycle of 9000 days. */
const FACTOR_CYCLE = 9_000;

/**
 * The due-date factor (fator de vencimento): days counted from a base date. The
 * original base, 1997-10-07 (factor 0), reached factor 9999 on 2025-02-21; FEBRABAN's
 * rule for the overflow (Carta-Circular "Fator de Vencimento", FEBRABAN 2024; also
 * announced in the banks' layout manuals) restarts it at 1000 on 2025-02-22, so a
 * factor again identifies a date inside a 9000-day window. Dates before the reset use
 * the original base (they are in the past for every boleto we issue, but kept for
 * completeness and tests).
 */
export function dueDateFactor(dueDate: string): number {
  const t = parseIsoDate(dueDate);
  if (t < RESET_BASE) {
    const days = Math.round((t - Date.UTC(1997, 9, 7)) / DAY_MS);
    if (days < 1000) throw new Error(`no due-date factor for ${dueDate}`);
    return days;
  }
  const days = Math.round((t - RESET_BASE) / DAY_MS);
  return 1000 + (days % FACTOR_CYCLE);
}

export function parseIsoDate(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(t).toISOString().slice(0, 10) !== date) throw new Error(`not a calendar date: ${date}`);
  return t;
}

export interface BarcodeParts {
  /** 3 digits. */
  bankCode: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  amountCents: number;
  /** 25 digits, the bank's own layout. */
  freeField: string;
}

const BRL = '9';

/** The 44-digit barcode. */
export function buildBarcode(p: BarcodeParts): string {
  if (!/^\d{3}$/.test(p.bankCode)) throw new Error('bank code must have 3 digits');
  if (!/^\d{25}$/.test(p.freeField)) throw new Error('free field must have 25 digits');
  if (!Number.isSafeInteger(p.amountCents) || p.amountCents < 0 || p.amountCents > 9_999_999_999) throw new Error('amount does not fit 10 digits');
  const factor = String(dueDateFactor(p.dueDate)).padStart(4, '0');
  const amount = String(p.amountCents).padStart(10, '0');
  const withoutDv = `${p.bankCode}${BRL}${factor}${amount}${p.freeField}`;
  const dv = barcodeModulo11(withoutDv);
  return `${withoutDv.slice(0, 4)}${dv}${withoutDv.slice(4)}`;
}

/** The 47-digit digitable line of a 44-digit barcode. */
export function digitableLine(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new Error('barcode must have 44 digits');
  const free = barcode.slice(19);
  const field = (s: string) => `${s}${modulo10(s)}`;
  return [
    field(`${barcode.slice(0, 4)}${free.slice(0, 5)}`),
    field(free.slice(5, 15)),
    field(free.slice(15, 25)),
    barcode[4],
    barcode.slice(5, 19),
  ].join('');
}

/** The digitable line as printed: `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`. */
export function formatDigitableLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
}

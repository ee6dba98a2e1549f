import { amountDue } from '../../src/domain/due-date/amount-due';
import type { CivilDate } from '../../src/domain/due-date/civil-dates';
import {
  ABATEMENT_MODALITIES,
  type AmountComponents,
  DISCOUNT_MODALITIES,
  type DiscountTerms,
  type DueDateTerms,
  FINE_MODALITIES,
  INTEREST_MODALITIES,
} from '../../src/domain/due-date/due-date-terms';
import type { HolidayCalendar } from '../../src/domain/privacy/business-days';
import { centsOf, reaisOf } from './amount';
import type { CobvFields, CobvTerm } from './cobv-store';

/** `valorPerc` as an integer: centavos for the fixed modalities, hundredths of a percent for the others alike. */
const hundredths = (valorPerc: string): number => centsOf(valorPerc)!;

/** The API Pix's modality number as the domain's name (the tables are in the API Pix's order). */
function named<T extends string>(table: readonly T[], t: CobvTerm): { modality: T; value: number } {
  return { modality: table[t.modalidade - 1]!, value: hundredths(t.valorPerc) };
}

function discountOf(d: NonNullable<CobvFields['valor']['desconto']>): DiscountTerms {
  const modality = DISCOUNT_MODALITIES[d.modalidade - 1]!;
  if (modality === 'FIXED_UNTIL_DATES' || modality === 'PERCENT_UNTIL_DATES') {
    return { modality, dates: (d.descontoDataFixa ?? []).map((x) => ({ until: x.data, value: hundredths(x.valorPerc) })) };
  }
  return { modality, value: hundredths(d.valorPerc!) };
}

/** A cobv's `calendario` and `valor` as due-date terms (what the payer's bank prices it by). */
export function cobvTerms(f: CobvFields): DueDateTerms {
  const v = f.valor;
  return {
    dueDate: f.dataDeVencimento,
    validityAfterDueDays: f.validadeAposVencimento,
    fine: v.multa ? named(FINE_MODALITIES, v.multa) : null,
    interest: v.juros ? named(INTEREST_MODALITIES, v.juros) : null,
    abatement: v.abatimento ? named(ABATEMENT_MODALITIES, v.abatimento) : null,
    discount: v.desconto ? discountOf(v.desconto) : null,
  };
}

/** What the cobv asks when paid on `date` (Brasília), or null after its last payable day. */
export function cobvAmountDue(f: CobvFields, date: CivilDate, calendar: HolidayCalendar): AmountComponents | null {
  const due = amountDue(cobvTerms(f), centsOf(f.valor.original)!, date, calendar);
  return due.payable ? due.components : null;
}

/** The Pix's `componentesValor` of a paid cobv: the original, and each term that moved the amount. */
export function componentesValor(c: AmountComponents): Record<string, { valor: string }> {
  const parts: Record<string, { valor: string }> = { original: { valor: reaisOf(c.original) } };
  if (c.fine > 0) parts.multa = { valor: reaisOf(c.fine) };
  if (c.interest > 0) parts.juros = { valor: reaisOf(c.interest) };
  if (c.abatement > 0) parts.abatimento = { valor: reaisOf(c.abatement) };
  if (c.discount > 0) parts.desconto = { valor: reaisOf(c.discount) };
  return parts;
}

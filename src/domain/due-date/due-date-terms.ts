import type { Cents } from '../shared/money';
import type { CivilDate } from './civil-dates';

/**
 * The terms of a charge with a due date (API Pix `cobv`). Every `value` is an integer:
 * cents for the FIXED / AMOUNT modalities, hundredths of a percent for the PERCENT ones
 * (2.5% is 250), as API Pix's `valorPerc` with its two decimals.
 */
export interface DueDateTerms {
  dueDate: CivilDate;
  /** Calendar days after the (business-day rolled) due date during which the charge can still be paid. */
  validityAfterDueDays: number;
  fine: FineTerms | null;
  interest: InterestTerms | null;
  abatement: AbatementTerms | null;
  discount: DiscountTerms | null;
}

/** `multa.modalidade`: 1 fixed, 2 percent. */
export const FINE_MODALITIES = ['FIXED', 'PERCENT'] as const;
export type FineModality = (typeof FINE_MODALITIES)[number];
export interface FineTerms {
  modality: FineModality;
  value: number;
}

/** `abatimento.modalidade`: 1 fixed, 2 percent. */
export const ABATEMENT_MODALITIES = FINE_MODALITIES;
export type AbatementModality = FineModality;
export interface AbatementTerms {
  modality: AbatementModality;
  value: number;
}

/** `juros.modalidade` 1 to 8, in API Pix's order. */
export const INTEREST_MODALITIES = [
  'AMOUNT_PER_CALENDAR_DAY',
  'PERCENT_PER_DAY_CALENDAR_DAYS',
  'PERCENT_PER_MONTH_CALENDAR_DAYS',
  'PERCENT_PER_YEAR_CALENDAR_DAYS',
  'AMOUNT_PER_BUSINESS_DAY',
  'PERCENT_PER_DAY_BUSINESS_DAYS',
  'PERCENT_PER_MONTH_BUSINESS_DAYS',
  'PERCENT_PER_YEAR_BUSINESS_DAYS',
] as const;
export type InterestModality = (typeof INTEREST_MODALITIES)[number];
export interface InterestTerms {
  modality: InterestModality;
  value: number;
}

/** `desconto.modalidade` 1 to 6, in API Pix's order. */
export const DISCOUNT_MODALITIES = [
  'FIXED_UNTIL_DATES',
  'PERCENT_UNTIL_DATES',
  'AMOUNT_PER_CALENDAR_DAY_EARLY',
  'AMOUNT_PER_BUSINESS_DAY_EARLY',
  'PERCENT_PER_CALENDAR_DAY_EARLY',
  'PERCENT_PER_BUSINESS_DAY_EARLY',
] as const;
export type DiscountModality = (typeof DISCOUNT_MODALITIES)[number];
export const DATED_DISCOUNT_MODALITIES: readonly DiscountModality[] = ['FIXED_UNTIL_DATES', 'PERCENT_UNTIL_DATES'];

export type DiscountTerms =
  /** Up to three dates, each with what is taken off when paid on or before it. */
  | { modality: 'FIXED_UNTIL_DATES' | 'PERCENT_UNTIL_DATES'; dates: { until: CivilDate; value: number }[] }
  /** Taken off per day paid before the due date. */
  | { modality: Exclude<DiscountModality, 'FIXED_UNTIL_DATES' | 'PERCENT_UNTIL_DATES'>; value: number };

/** API Pix's number of a modality (1-based position in its table). */
export const apiPixModality = (table: readonly string[], modality: string): number => table.indexOf(modality) + 1;

/** The amount due on a day, split as API Pix's `componentesValor` splits a paid cobv. */
export interface AmountComponents {
  original: Cents;
  fine: Cents;
  interest: Cents;
  abatement: Cents;
  discount: Cents;
  /** original + fine + interest - abatement - discount. */
  final: Cents;
}

import type { DueDateCharge } from './due-date-charge';

/**
 * `dueDateCharge` of the Transaction object (REST, webhooks, GraphQL's JSON): the terms as
 * they were asked, the last payable day, and once paid the components of the amount paid
 * (API Pix `componentesValor`): original + fine + interest - abatement - discount = amount.
 */
export function dueDateChargeView(c: DueDateCharge): Record<string, unknown> {
  const { terms } = c;
  const view: Record<string, unknown> = {
    dueDate: terms.dueDate,
    validityAfterDueDays: terms.validityAfterDueDays,
    lastPayableDate: c.lastPayableDate,
    originalAmount: c.originalAmount,
  };
  if (terms.fine) view.fine = { ...terms.fine };
  if (terms.interest) view.interest = { ...terms.interest };
  if (terms.abatement) view.abatement = { ...terms.abatement };
  if (terms.discount) view.discount = 'dates' in terms.discount ? { modality: terms.discount.modality, dates: terms.discount.dates.map((d) => ({ ...d })) } : { ...terms.discount };
  if (c.paid) {
    const { original, fine, interest, abatement, discount } = c.paid;
    view.amountComponents = { original, fine, interest, abatement, discount };
  }
  return view;
}

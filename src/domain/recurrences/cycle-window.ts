import { addDays, type CivilDay } from './civil-day';

/**
 * How early the receiver's side may send a cycle's charge (`cobr`) to the payer's
 * institution: from the 10th to the 2nd calendar day before its date (the PIX Automático
 * rules of the Central Bank; the payer's institution refuses one sent later, and the
 * payer must see it in advance).
 */
export const COBR_WINDOW = { opensDaysBefore: 10, closesDaysBefore: 2 } as const;

export interface CobrWindow {
  opensOn: CivilDay;
  closesOn: CivilDay;
}

export const cobrWindow = (dueDate: CivilDay): CobrWindow => ({
  opensOn: addDays(dueDate, -COBR_WINDOW.opensDaysBefore),
  closesOn: addDays(dueDate, -COBR_WINDOW.closesDaysBefore),
});

/** Where `today` stands against a cycle's window: too early, inside, or past (the cycle can no longer be charged). */
export function placeInCobrWindow(today: CivilDay, dueDate: CivilDay): 'BEFORE' | 'OPEN' | 'CLOSED' {
  const w = cobrWindow(dueDate);
  if (today < w.opensOn) return 'BEFORE';
  return today <= w.closesOn ? 'OPEN' : 'CLOSED';
}

import { formatDigitableLine } from '../boleto/febraban';
import type { Transaction } from './transaction.types';

/** The `boleto` and `card` objects of the SPEC view (present only for their method). */
export function putMethodDetails(put: (key: string, value: unknown) => void, t: Transaction): void {
  if (t.boleto) {
    put('boleto', {
      barcode: t.boleto.barcode,
      digitableLine: t.boleto.digitableLine,
      digitableLineFormatted: formatDigitableLine(t.boleto.digitableLine),
      bankCode: t.boleto.bankCode,
      amount: t.amount,
      dueDate: t.boleto.dueDate,
      expiresAt: t.boleto.expiresAt.toISOString(),
      url: t.boleto.url,
    });
  }
  if (t.card) {
    put('card', { brand: t.card.brand, last4: t.card.last4, fingerprint: t.card.fingerprint });
    put('installments', t.card.installments);
  }
}

import { DomainError } from '../shared/errors';
import type { Transaction } from '../transactions/transaction.types';

/** The printable boleto behind `boleto.url`: found by its token, rendered as a page. */
export class BoletoPages {
  constructor(
    private readonly d: {
      findBoleto(token: string): Promise<Transaction | null>;
      /** The page (HTML with the drawn barcode) of a boleto charge. */
      render(t: Transaction): string;
    },
  ) {}

  async page(token: string): Promise<string> {
    const t = await this.d.findBoleto(token);
    if (!t) throw new DomainError('BOLETO_NOT_FOUND', 'no boleto at this address', 'NOT_FOUND');
    return this.d.render(t);
  }
}

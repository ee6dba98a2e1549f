import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { linhaDigitavel2CodBarras } from '@mrmgomes/boleto-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/boleto/boleto-dates';
import { buildBarcode, digitableLine } from '../../src/domain/boleto/febraban';

describe('boleto numbering against independent validators', () => {
  it('every generated line is valid and reads back amount, bank and due date (all check-digit cases)', () => {
    let generalDvOne = 0;
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{25}$/),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 8_999 }),
        (freeField, amountCents, offset) => {
          const dueDate = addDays('2025-02-22', offset);
          const barcode = buildBarcode({ bankCode: '999', dueDate, amountCents, freeField });
          const line = digitableLine(barcode);
          if (barcode[4] === '1') generalDvOne++;
          expect(isValidBoleto(line)).toBe(true);
          expect(linhaDigitavel2CodBarras(line)).toBe(barcode);
          // The 9000-day factor cycle is resolved around the reference date, as the library documents.
          const info = getBoletoInfo(line, { referenceDate: new Date(`${dueDate}T12:00:00Z`) });
          expect(info).toEqual({ amount: amountCents, bankCode: '999', expirationDate: new Date(`${dueDate}T00:00:00.000Z`) });
        },
      ),
      { numRuns: 2_000 },
    );
    // Remainders 0, 1 and 10 all give the general check digit 1: the case validators most often get wrong was exercised.
    expect(generalDvOne).toBeGreaterThan(50);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { PspPix } from '../transactions/psp-pix';
import type { Transaction } from '../transactions/transaction.types';
import { PspSimulatorPayer, type PspSimulatorControl } from './psp-simulator-payer';

const E2E = 'E99999999202611261200x1234567890';
const pix: PspPix = { endToEndId: E2E, txid: 'tx1', cents: 1000, at: new Date('2026-11-26T12:00:00Z'), returns: [] };
const charge = (extra: Partial<Transaction> = {}) => ({ id: 't1', txid: 'tx1', paymentMethod: 'PIX', status: 'WAITING_PAYMENT', end2endId: null, ...extra }) as Transaction;

function payer(control: Partial<PspSimulatorControl>, found: Transaction | null = charge()) {
  const applyPix = vi.fn(async (p: PspPix) => ({ verdict: { kind: 'not-ours' as const }, applied: p === pix, returns: [] }));
  const readPix = vi.fn(async (e2eid: string) => (e2eid === E2E ? pix : null));
  const skipped = vi.fn();
  const paid = vi.fn();
  const p = new PspSimulatorPayer({ control: control as PspSimulatorControl, readPix, applyPix, findCharge: async () => found, holidays: { isNationalHoliday: () => false }, skipped, paid });
  return { p, applyPix, readPix, skipped, paid };
}

describe('PspSimulatorPayer', () => {
  it('pays the cob, reads the Pix back from the PSP and applies what the PSP holds', async () => {
    const payCob = vi.fn(async () => ({ endToEndId: E2E }));
    const { p, applyPix, paid } = payer({ payCob });
    expect((await p.pay(charge())).applied).toBe(true);
    expect(payCob).toHaveBeenCalledWith('tx1');
    expect(applyPix).toHaveBeenCalledWith(pix);
    expect(paid).toHaveBeenCalledWith('t1', E2E);
  });

  it('a charge with a due date is a cobv paid as on the payment date; after its last payable day nothing is asked of the PSP (422)', async () => {
    const dueDateCharge = {
      terms: { dueDate: '2027-03-10', validityAfterDueDays: 0, fine: null, interest: null, abatement: null, discount: null },
      originalAmount: 1000,
      lastPayableDate: '2027-03-10',
      paid: null,
    };
    const payCobv = vi.fn(async () => ({ endToEndId: E2E }));
    const payCob = vi.fn();
    const { p, applyPix } = payer({ payCobv, payCob });
    expect((await p.pay(charge({ dueDateCharge }), '2027-03-10')).applied).toBe(true);
    expect(payCobv).toHaveBeenCalledWith('tx1', '2027-03-10');
    expect(applyPix).toHaveBeenCalledWith(pix);
    await expect(p.pay(charge({ dueDateCharge }), '2027-03-11')).rejects.toMatchObject({ code: 'DUE_DATE_CHARGE_NOT_PAYABLE', kind: 'UNPROCESSABLE' });
    expect(payCobv).toHaveBeenCalledTimes(1);
    expect(payCob).not.toHaveBeenCalled();
  });

  it('a refusal of the simulator is NOT_PAYABLE (409), and nothing is applied', async () => {
    const { p, applyPix } = payer({ payCob: async () => ({ refused: 'the cob is REMOVIDA_PELO_PSP' }) });
    await expect(p.pay(charge())).rejects.toMatchObject({ code: 'NOT_PAYABLE', kind: 'CONFLICT', message: 'the PSP simulator refused to pay the charge: the cob is REMOVIDA_PELO_PSP' });
    expect(applyPix).not.toHaveBeenCalled();
  });

  it('the automatic payment leaves a charge paid meanwhile alone, and only tells of a refusal', async () => {
    const payCob = vi.fn(async () => ({ refused: 'the cob is CONCLUIDA already' }));
    const paid = payer({ payCob }, charge({ status: 'PAID' }));
    await paid.p.autopay('t1');
    expect(payCob).not.toHaveBeenCalled();
    const refused = payer({ payCob });
    await refused.p.autopay('t1');
    expect(refused.skipped).toHaveBeenCalledWith('t1', 'the PSP simulator refused to pay the charge: the cob is CONCLUIDA already');
  });

  it('a MED return of a paid charge is applied as read back; an unpaid charge or a refusal returns nothing', async () => {
    const medReturn = vi.fn(async (e2eid: string) => (e2eid === E2E ? { returned: true as const } : { refused: 'no Pix' }));
    const { p, applyPix } = payer({ medReturn });
    expect(await p.medReturn(charge({ end2endId: null }))).toBe(false);
    expect(medReturn).not.toHaveBeenCalled();
    expect(await p.medReturn(charge({ end2endId: 'E99999999202611261200x0000000000' }))).toBe(false);
    expect(applyPix).not.toHaveBeenCalled();
    expect(await p.medReturn(charge({ end2endId: E2E }))).toBe(true);
    expect(applyPix).toHaveBeenCalledWith(pix);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { DomainError } from '../shared/errors';
import { applyPspPix } from './apply-psp-pix';
import type { PspPix, PspPixReturn } from './psp-pix';
import type { InstitutionReport } from './transactions.ports';

const devolucao = (id: string, nature: string, status: string, cents = 100): PspPixReturn => ({ id, cents, nature, status, reason: null, rtrId: `D${id}` });
const pix = (returns: PspPixReturn[], txid: string | null = 'tx1'): PspPix => ({ endToEndId: 'E1', txid, cents: 1000, at: new Date('2026-11-25T12:00:00Z'), returns });

function setUp(o: { chargeStatus?: string; medRefusal?: DomainError } = {}) {
  const seen = new Set<string>();
  const reports = {
    apply: vi.fn(async (r: InstitutionReport) => {
      if (r.status === 'CHARGEDBACK' && o.medRefusal) throw o.medRefusal;
      const fresh = !seen.has(r.reportId);
      seen.add(r.reportId);
      const applies = fresh && !(r.status === 'CHARGEDBACK' && o.chargeStatus === 'CHARGEDBACK');
      return { applied: applies, duplicate: !fresh, transaction: { status: o.chargeStatus ?? 'PAID' } as never };
    }),
  };
  const refunds = { apply: vi.fn(async (id: string) => (id.startsWith('rf') ? { refundId: id, status: 'RETURNED' as const, changed: true } : null)) };
  const apply = applyPspPix({ findByTxid: async (txid) => (txid === 'tx1' ? { id: 'ch1', amount: 1000 } : null), reports, refunds });
  return { apply, reports, refunds };
}

describe('applyPspPix: the devoluções of a received Pix', () => {
  it('a devolução of ours moves its refund; a settled MED return is a CHARGEDBACK report of its amount keyed by e2eid and devolução id', async () => {
    const s = setUp();
    const outcome = await s.apply(pix([devolucao('rf1', 'ORIGINAL', 'DEVOLVIDO'), devolucao('MED1', 'MED_FRAUDE', 'DEVOLVIDO', 400), devolucao('zz9', 'ORIGINAL', 'DEVOLVIDO')]));
    expect(outcome.returns.map((r) => [r.id, r.kind, r.applied])).toEqual([
      ['rf1', 'refund', true],
      ['MED1', 'med', true],
      ['zz9', 'not-ours', false],
    ]);
    expect(s.refunds.apply).toHaveBeenCalledWith('rf1', { status: 'DEVOLVIDO', rtrId: 'Drf1', reason: null }, { transactionId: 'ch1' });
    expect(s.reports.apply.mock.calls.map(([r]) => r)).toContainEqual({ reportId: 'apipix-med:E1:MED1', transactionId: 'ch1', status: 'CHARGEDBACK', amount: 400 });
  });

  it('the same MED return seen again applies nothing more and is no problem', async () => {
    const s = setUp();
    await s.apply(pix([devolucao('MED1', 'MED_OPERACIONAL', 'DEVOLVIDO')]));
    const again = await s.apply(pix([devolucao('MED1', 'MED_OPERACIONAL', 'DEVOLVIDO')]));
    expect(again.returns).toEqual([{ id: 'MED1', kind: 'med', applied: false, problem: null }]);
  });

  it('a MED return not settled yet is left for later; one the charge cannot take is named, not thrown', async () => {
    expect((await setUp().apply(pix([devolucao('MED2', 'MED_PIX_AUTOMATICO', 'EM_PROCESSAMENTO')]))).returns[0]).toMatchObject({ kind: 'pending-med', applied: false });
    const second = await setUp({ chargeStatus: 'CHARGEDBACK' }).apply(pix([devolucao('MED3', 'MED_FRAUDE', 'DEVOLVIDO')]));
    expect(second.returns[0]?.problem).toMatch(/^MED_NOT_APPLIED/);
    const refused = await setUp({ medRefusal: new DomainError('NOTHING_TO_DISPUTE', 'nothing left', 'UNPROCESSABLE') }).apply(pix([devolucao('MED4', 'MED_FRAUDE', 'DEVOLVIDO'), devolucao('rf2', 'ORIGINAL', 'DEVOLVIDO')]));
    expect(refused.returns.map((r) => [r.id, r.applied, r.problem])).toEqual([
      ['MED4', false, 'NOTHING_TO_DISPUTE: nothing left'],
      ['rf2', true, null],
    ]);
  });

  it('the devoluções of a Pix that is not a payment of ours are not looked at', async () => {
    const s = setUp();
    const outcome = await s.apply(pix([devolucao('rf1', 'ORIGINAL', 'DEVOLVIDO')], 'other'));
    expect([outcome.verdict.kind, outcome.returns]).toEqual(['not-ours', []]);
    expect(s.refunds.apply).not.toHaveBeenCalled();
  });
});

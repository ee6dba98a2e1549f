import { describe, expect, it } from 'vitest';
import type { PspPix } from '../transactions/psp-pix';
import { pspPixReportId } from '../transactions/psp-pix';
import type { InstitutionReport } from '../transactions/transactions.ports';
import { reconcilePixPage } from './reconcile-pix-page';
import type { SeenPix } from './reconciliation.ports';

const pix = (n: number, txid: string | null, cents: number, returns: PspPix['returns'] = []): PspPix => ({
  endToEndId: `E99999999202611251200x${String(n).padStart(10, '0')}`,
  txid,
  cents,
  at: new Date(`2026-11-25T12:00:0${n}Z`),
  returns,
});

function page(recorded: string[] = []) {
  const applied: InstitutionReport[] = [];
  const perPix: string[] = [];
  const seen: SeenPix[][] = [];
  const lookups: string[][] = [];
  const counted: string[] = [];
  const run = reconcilePixPage({
    store: {
      chargesByTxid: async (txids) => (lookups.push(txids), new Map([['ours1', { id: 't1', amount: 1_000 }], ['ours2', { id: 't2', amount: 2_000 }], ['ours3', { id: 't3', amount: 3_000 }]].filter(([t]) => txids.includes(t as string)) as [string, { id: string; amount: number }][])),
      recordedReports: async (ids) => new Set(ids.filter((id) => recorded.includes(id))),
      recordSeen: async (rows) => (seen.push(rows), new Set(rows.map((r) => r.endToEndId))),
    },
    applyPix: async (p) => (perPix.push(p.endToEndId), { verdict: { kind: 'not-ours' }, applied: true, returns: [] }),
    reports: { apply: async (r) => (applied.push(r), { applied: true, duplicate: false, transaction: {} as never }) },
    observer: { applied: (n) => counted.push(`applied ${n}`), differences: (kind, n) => counted.push(`${kind} ${n}`) },
  });
  return { run, applied, perPix, seen, lookups, counted };
}

describe('a page of the PSP\'s received Pix', () => {
  it('looks our charges up once, applies only payments not yet recorded, under the callback\'s report id', async () => {
    const p = page([pspPixReportId(pix(2, 'ours2', 2_000).endToEndId)]);
    const list = [pix(1, 'ours1', 1_000), pix(2, 'ours2', 2_000), pix(3, 'ours3', 2_999), pix(4, 'theirs', 500), pix(5, null, 700), pix(6, 'ours1', 1_000)];
    expect(await p.run(list)).toEqual({ applied: 2 });
    expect(p.lookups).toEqual([['ours1', 'ours2', 'ours3', 'theirs']]);
    expect(p.applied.map((r) => [r.reportId, r.transactionId, r.status, r.end2endId, r.paidAt?.toISOString()])).toEqual([
      [pspPixReportId(list[0]!.endToEndId), 't1', 'PAID', list[0]!.endToEndId, '2026-11-25T12:00:01.000Z'],
      [pspPixReportId(list[5]!.endToEndId), 't1', 'PAID', list[5]!.endToEndId, '2026-11-25T12:00:06.000Z'],
    ]);
    expect(p.seen[0]!.map((r) => [r.verdict, r.transactionId])).toEqual([
      ['PAYMENT', 't1'],
      ['PAYMENT', 't2'],
      ['AMOUNT_DIFFERS', 't3'],
      ['NOT_OURS', null],
      ['NOT_OURS', null],
      ['PAYMENT', 't1'],
    ]);
    expect(p.counted).toEqual(['applied 2', 'NOT_OURS 2', 'AMOUNT_DIFFERS 1']);
  });

  it('a Pix with devoluções goes through the per-Pix use case, recorded or not', async () => {
    const returned = pix(1, 'ours1', 1_000, [{ id: 'D1', cents: 1_000, nature: 'MED_FRAUDE', status: 'DEVOLVIDO', reason: null, rtrId: null }]);
    const p = page([pspPixReportId(returned.endToEndId)]);
    await p.run([returned]);
    expect([p.perPix, p.applied]).toEqual([[returned.endToEndId], []]);
  });

  it('an empty page touches nothing', async () => {
    const p = page();
    expect(await p.run([])).toEqual({ applied: 0 });
    expect([p.lookups, p.seen]).toEqual([[], []]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Seller, TestApp } from '../support/app';
import { sqlOf } from '../support/platform';
import { report } from '../disputes/support';
import { createCharge, payCharge, useMarketplaceApp, walletOf } from './support';

let app: TestApp;
let market: Seller;
let shopA: Seller;
let shopB: Seller;
useMarketplaceApp((t) => ({ app, market, shopA, shopB } = t));

const parties = () => [market, shopA, shopB];
const wallets = () => Promise.all(parties().map((s) => walletOf(app, s)));
const returned = async (id: string) =>
  (await sqlOf(app).query<{ returned: string }>('select returned from transaction_split_parties where transaction_id = ? order by position', [id])).map((r) => Number(r.returned));

/** A paid split charge of 10000 cents: 4500 to the marketplace, 3000 to A, 2500 to B (the marketplace pays the fee). */
async function paidSplit(): Promise<string> {
  const splits = { recipients: [{ recipientId: shopA.sellerId, amount: 3_000 }, { recipientId: shopB.sellerId, basisPoints: 2_500 }] };
  const id = (await createCharge(app, market, { amount: 10_000, splits })).body.data.id as string;
  await payCharge(app, id);
  return id;
}

describe('disputes of split charges', () => {
  it('a contestation retains the marketplace’s part; lost, every party gives back its part pro rata, exactly once', async () => {
    const id = await paidSplit();
    const before = await wallets();
    expect((await report(app, id, 'DISPUTE')).applied).toBe(true);
    const open = await wallets();
    // The marketplace holds 4401 (its 4500 less the 99 fee): all of it is retained, nothing of the recipients.
    expect(open.map((w, i) => [before[i]!.available - w.available, w.blocked - before[i]!.blocked])).toEqual([[4_401, 4_401], [0, 0], [0, 0]]);

    expect((await report(app, id, 'DISPUTE_LOST')).applied).toBe(true);
    await report(app, id, 'DISPUTE_LOST', `again-${id}`);
    const lost = await wallets();
    // Each gives back its part: the marketplace its retained 4401 and 99 it owes, the recipients 3000 and 2500.
    expect(lost.map((w, i) => [before[i]!.available - w.available, w.blocked - before[i]!.blocked, (w.debt ?? 0) - (before[i]!.debt ?? 0)])).toEqual([[4_401, 0, 99], [3_000, 0, 0], [2_500, 0, 0]]);
    expect(await returned(id)).toEqual([4_500, 3_000, 2_500]);
    // A MED return after the loss takes nothing more.
    await report(app, id, 'CHARGEDBACK').catch(() => undefined);
    expect(await wallets()).toEqual(lost);
    const lines = await sqlOf(app).query<{ seller_id: string; kind: string }>(`select seller_id, kind from ledger_entries where transaction_id = ? and kind = 'DISPUTE_LOSS_DEBIT'`, [id]);
    expect(lines.map((l) => l.seller_id).sort()).toEqual(parties().map((s) => s.sellerId).sort());
  });

  it('a contestation won releases the marketplace’s part and leaves the recipients alone', async () => {
    const id = await paidSplit();
    const before = await wallets();
    await report(app, id, 'DISPUTE');
    await report(app, id, 'DISPUTE_WON');
    expect(await wallets()).toEqual(before);
    expect(await returned(id)).toEqual([0, 0, 0]);
  });

  it('a MED return decided for the seller gives every party back what it gave, once', async () => {
    const id = await paidSplit();
    const before = await wallets();
    await report(app, id, 'CHARGEDBACK');
    expect((await wallets()).map((w, i) => before[i]!.available - w.available)).toEqual([4_500, 3_000, 2_500]);
    expect((await report(app, id, 'DISPUTE_WON')).applied).toBe(true);
    await report(app, id, 'DISPUTE_WON', `again-${id}`);
    expect(await wallets()).toEqual(before);
    expect(await returned(id)).toEqual([0, 0, 0]);
  });
});

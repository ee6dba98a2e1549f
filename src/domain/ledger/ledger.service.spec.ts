import { describe, expect, it } from 'vitest';
import { ManualClock } from '../shared/clock';
import type { LiveEvent } from '../shared/live-events';
import type { Tx } from '../shared/unit-of-work';
import { pixCredit, withdrawalSettlement } from './ledger-entries';
import type { LedgerRepository, PostResult } from './ledger.ports';
import { LedgerService } from './ledger.service';
import type { JournalEntryDraft } from './ledger.types';

class FakeTx implements Tx {
  callbacks: (() => void)[] = [];
  afterCommit(cb: () => void) {
    this.callbacks.push(cb);
  }
  commit() {
    for (const cb of this.callbacks.splice(0)) cb();
  }
}

const wallet = { availablePix: 900, availableBoleto: 0, availableCard: 0, blocked: 50, updatedAt: new Date('2026-01-01T00:00:00Z') };

function setup(result: Partial<PostResult>) {
  const calls: { draft: JournalEntryDraft; at: Date }[] = [];
  const store = {
    post: async (_tx: Tx, draft: JournalEntryDraft, at: Date) => {
      calls.push({ draft, at });
      return { status: 'POSTED', entryId: '7', createdAt: at, wallet, ...result } as PostResult;
    },
  } as unknown as LedgerRepository;
  const events: LiveEvent[] = [];
  const clock = new ManualClock(new Date('2026-05-01T10:00:00Z'));
  const ledger = new LedgerService({ store, clock, live: { publish: (e) => void events.push(e) } });
  return { ledger, calls, events, clock };
}

const credit = () => pixCredit({ sellerId: 's1', transactionId: 't1', amount: 1_000, fee: 10 });

describe('LedgerService.postEntry', () => {
  it('posts at the clock time and publishes WALLET_UPDATED only after commit', async () => {
    const { ledger, calls, events } = setup({});
    const tx = new FakeTx();
    const posted = await ledger.postEntry(tx, credit());
    expect(posted).toMatchObject({ id: '7', reference: 'credit:transaction:t1', kind: 'PIX_CREDIT', created: true, sellerId: 's1' });
    expect(calls[0]!.at.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(events).toHaveLength(0);
    tx.commit();
    expect(events).toEqual([
      {
        topic: 'WALLET_UPDATED',
        sellerId: 's1',
        resourceId: '7',
        payload: expect.objectContaining({ entryId: '7', balancePix: 900, balanceTotal: 900, balanceBlocked: 50, currency: 'BRL' }),
      },
    ]);
  });

  it('a duplicate returns the existing entry and publishes nothing', async () => {
    const { ledger, events } = setup({ status: 'DUPLICATE', entryId: '3' });
    const tx = new FakeTx();
    expect(await ledger.postEntry(tx, credit())).toMatchObject({ id: '3', created: false });
    tx.commit();
    expect(events).toHaveLength(0);
  });

  it('INSUFFICIENT becomes INSUFFICIENT_BALANCE (422), CONFLICT becomes LEDGER_REFERENCE_CONFLICT (409)', async () => {
    await expect(setup({ status: 'INSUFFICIENT', entryId: null, createdAt: null }).ledger.postEntry(new FakeTx(), credit())).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      kind: 'UNPROCESSABLE',
    });
    await expect(setup({ status: 'CONFLICT', entryId: '1' }).ledger.postEntry(new FakeTx(), credit())).rejects.toMatchObject({
      code: 'LEDGER_REFERENCE_CONFLICT',
      kind: 'CONFLICT',
    });
  });

  it('platform-only entries publish nothing', async () => {
    const { ledger, events } = setup({ wallet: null });
    const tx = new FakeTx();
    await ledger.postEntry(tx, withdrawalSettlement({ withdrawalId: 'w', amount: 5 }));
    tx.commit();
    expect(events).toHaveLength(0);
  });

  it('refuses an invalid draft before touching storage', async () => {
    const { ledger, calls } = setup({});
    const d = credit();
    d.postings[0]!.amount += 1;
    await expect(ledger.postEntry(new FakeTx(), d)).rejects.toThrow(/sum/);
    expect(calls).toHaveLength(0);
  });
});

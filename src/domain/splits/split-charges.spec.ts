import { describe, expect, it } from 'vitest';
import type { Seller } from '../accounts/accounts.types';
import { SplitCharges } from './split-charges';
import type { SplitStore } from './split-store';
import type { SplitPlan } from './split.types';

const marketplace = { id: 'm', kycStatus: 'APPROVED' } as Seller;
const plan: SplitPlan = { feePayer: 'MARKETPLACE', feeRecipientId: null, recipients: [{ recipientId: 'a', amount: 100, basisPoints: null }, { recipientId: 'b', amount: 100, basisPoints: null }] };
const refusedAt = (index: number) => Object.assign(new Error('refused'), { index });

function splitCharges(connected: string[]) {
  const asked: string[][] = [];
  const store = { refusedRecipient: (e: unknown) => (e as { index?: number }).index ?? null } as unknown as SplitStore;
  const links = {
    activeApprovedRecipients: async (_m: string, ids: readonly string[]) => {
      asked.push([...ids]);
      return new Set(ids.filter((id) => connected.includes(id)));
    },
  };
  const never = () => {
    throw new Error('not used here');
  };
  return { asked, splits: new SplitCharges({ links, store, ledger: { postEntry: never, postEntries: never }, debts: { lockBalances: never }, events: { record: never } }) };
}

describe('SplitCharges at create', () => {
  it('leaves the links to the create’s transaction unless asked to check them first', async () => {
    const { asked, splits } = splitCharges(['a']);
    await splits.check(marketplace, 1_000, plan, { linksFirst: false });
    expect(asked).toEqual([]);
    await expect(splits.check(marketplace, 1_000, plan, { linksFirst: true })).rejects.toMatchObject({
      code: 'SPLIT_RECIPIENT_NOT_CONNECTED',
      kind: 'UNPROCESSABLE',
      details: { field: 'splits.recipients[1].recipientId', index: 1 },
    });
    expect(asked).toEqual([['a', 'b']]);
  });

  it('checks that the parts fit the amount before anything else', async () => {
    const { asked, splits } = splitCharges(['a', 'b']);
    await expect(splits.check(marketplace, 150, plan, { linksFirst: true })).rejects.toMatchObject({ code: 'SPLIT_EXCEEDS_AMOUNT' });
    expect(asked).toEqual([]);
  });

  it('turns the store’s refusal of a recipient into the 422 naming its instruction, and nothing else', () => {
    const { splits } = splitCharges([]);
    expect(splits.refusal(refusedAt(0), plan)).toMatchObject({ code: 'SPLIT_RECIPIENT_NOT_CONNECTED', message: expect.stringContaining('splits.recipients[0]: a '), details: { index: 0 } });
    expect(splits.refusal(refusedAt(2), plan)).toBeNull();
    expect(splits.refusal(new Error('connection lost'), plan)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { SellerRepository } from '../accounts/accounts.ports';
import type { User } from '../accounts/accounts.types';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import { LedgerAdminService } from './ledger-admin.service';
import type { LedgerService } from './ledger.service';
import type { JournalEntryDraft } from './ledger.types';

const user = (role: 'USER' | 'OPERATOR'): User => ({
  id: `u-${role}`,
  email: 'x@example.com',
  passwordHash: '',
  role,
  sellerId: null,
  totpSecretEnc: null,
  totpEnabledAt: null,
  totpLastStep: null,
  createdAt: new Date(),
});

function setup() {
  const drafts: JournalEntryDraft[] = [];
  const uow: UnitOfWork = { run: (work) => work({ afterCommit: () => undefined } as Tx) };
  const ledger = {
    postEntry: async (_tx: Tx, d: JournalEntryDraft) => {
      drafts.push(d);
      return { id: '1', reference: d.reference, kind: d.kind, sellerId: d.sellerId, createdAt: new Date(), created: true, wallet: null };
    },
  } as unknown as LedgerService;
  const sellers = { findById: async (id: string) => (id === 's1' ? { id: 's1' } : null) } as unknown as SellerRepository;
  const svc = new LedgerAdminService({ uow, ledger, sellers, store: {} as never, newId: () => 'generated' });
  return { svc, drafts };
}

describe('LedgerAdminService.correct', () => {
  it('posts an operator credit with the reason, against the adjustments account', async () => {
    const { svc, drafts } = setup();
    await svc.correct(user('OPERATOR'), { sellerId: 's1', direction: 'CREDIT', amount: 500, reason: '  goodwill  ' });
    expect(drafts[0]).toMatchObject({
      reference: 'adjustment:generated',
      kind: 'OPERATOR_CREDIT',
      lines: [{ type: 'CREDIT', amount: 500, description: 'Correction: goodwill', fee: false }],
      metadata: { reason: 'goodwill', operatorId: 'u-OPERATOR', method: 'PIX' },
    });
    expect(drafts[0]!.postings).toContainEqual({ account: 'platform:adjustments', amount: -500 });
  });

  it('an idempotency key makes the reference stable per seller', async () => {
    const { svc, drafts } = setup();
    await svc.correct(user('OPERATOR'), { sellerId: 's1', direction: 'DEBIT', amount: 5, reason: 'r', idempotencyKey: 'fix-42' });
    expect(drafts[0]!.reference).toBe('adjustment:s1.fix-42');
  });

  it.each([
    [user('USER'), { reason: 'r' }, 'OPERATOR_ONLY'],
    [user('OPERATOR'), { reason: '' }, 'INVALID_REASON'],
    [user('OPERATOR'), { reason: 'x'.repeat(501) }, 'INVALID_REASON'],
    [user('OPERATOR'), { reason: 'r', amount: 0 }, 'INVALID_AMOUNT'],
    [user('OPERATOR'), { reason: 'r', amount: 1.5 }, 'INVALID_AMOUNT'],
    [user('OPERATOR'), { reason: 'r', method: 'BITCOIN' }, 'INVALID_METHOD'],
    [user('OPERATOR'), { reason: 'r', idempotencyKey: 'a b' }, 'INVALID_IDEMPOTENCY_KEY'],
    [user('OPERATOR'), { reason: 'r', sellerId: 'nope' }, 'SELLER_NOT_FOUND'],
  ])('refuses %#: %s', async (u, patch, code) => {
    const { svc, drafts } = setup();
    await expect(svc.correct(u, { sellerId: 's1', direction: 'CREDIT', amount: 10, ...patch })).rejects.toMatchObject({ code });
    expect(drafts).toHaveLength(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { Seller, User } from '../accounts/accounts.types';
import { appealDisputeCommand } from '../disputes/appeal-dispute.command';
import type { AppealInput } from '../disputes/appeal-input';
import type { Dispute } from '../disputes/dispute.types';
import { ManualClock } from '../shared/clock';
import type { Tx, UnitOfWork } from '../shared/unit-of-work';
import { createChargeCommand } from '../transactions/create-charge.command';
import { refundCommand } from '../transactions/refund.command';
import type { Transaction } from '../transactions/transaction.types';
import { createWithdrawalCommand } from '../withdrawals/create-withdrawal.command';
import { withdrawalDetailView } from '../withdrawals/withdrawal-view';
import type { Withdrawal } from '../withdrawals/withdrawal.types';
import { IdempotencyService } from './idempotency.service';
import type { IdempotencyStore } from './idempotency.ports';
import type { ClaimResult, KeyState, StoredResponse } from './idempotency.types';

/** Keys in a map: enough of the store's contract for the commands (no leases, no expiry). */
function memoryStore(): IdempotencyStore & { rows: Map<string, { fingerprint: string; response?: StoredResponse }> } {
  const rows = new Map<string, { fingerprint: string; response?: StoredResponse }>();
  const id = (s: { sellerId: string; operation: string; key: string }) => `${s.sellerId}/${s.operation}/${s.key}`;
  return {
    rows,
    async find(input): Promise<KeyState | null> {
      const row = rows.get(id(input));
      if (!row) return null;
      if (row.fingerprint !== input.fingerprint) return { state: 'CONFLICT' };
      return row.response ? { state: 'DONE', response: row.response } : { state: 'IN_FLIGHT' };
    },
    async claim(input): Promise<ClaimResult> {
      const row = rows.get(id(input));
      if (!row) {
        rows.set(id(input), { fingerprint: input.fingerprint });
        return { state: 'ACQUIRED', claimId: id(input) };
      }
      if (row.fingerprint !== input.fingerprint) return { state: 'CONFLICT' };
      return row.response ? { state: 'DONE', response: row.response } : { state: 'IN_FLIGHT' };
    },
    async record(_tx, claimId, _resourceId, response) {
      rows.get(claimId)!.response = response;
    },
    async recordNew(_tx, input, _resourceId, response) {
      if (rows.has(id(input))) throw Object.assign(new Error('duplicate key'), { keyTaken: true });
      rows.set(id(input), { fingerprint: input.fingerprint, response });
    },
    claimLost: () => false,
    keyTaken: (e) => (e as { keyTaken?: boolean }).keyTaken === true,
    async release(claimId) {
      rows.delete(claimId);
    },
    purgeExpired: async () => 0,
  };
}

const tx: Tx = { afterCommit: () => undefined };
/** Runs the work at once with one handle: the commands' unit of work, without a database. */
const uow: UnitOfWork = { run: (work) => work(tx) };
const at = new Date('2026-03-01T10:00:00Z');
const seller = { id: 'seller-1', kycStatus: 'APPROVED' } as Seller;
const user = { id: 'user-1' } as User;

function charge(id: string, amount: number): Transaction {
  return {
    id, sellerId: seller.id, amount, paymentMethod: 'BOLETO', status: 'PENDING', createdAt: at, updatedAt: at, providerReference: `ref-${id}`,
    txid: null, locationId: null, pix: null, paidAt: null, end2endId: null, feeAmount: null, netAmount: null, refundedAmount: 0,
    refundType: null, refusedReason: null, customer: null, metadata: null, description: null, merchantOrderId: null, postbackUrl: null,
  };
}

function setUp(o: { sandbox?: boolean } = {}) {
  const store = memoryStore();
  const idempotency = new IdempotencyService(store, new ManualClock(at));
  let n = 0;
  const transactions = {
    open: vi.fn(async (_s: Seller, input: { amount: number }) => charge(`t-${++n}`, input.amount)),
    insert: vi.fn(async () => undefined),
  };
  const createCharge = createChargeCommand({ uow, idempotency, transactions, cardFingerprinter: { fingerprint: (v) => `h(${v})` }, sandbox: o.sandbox ?? true });
  return { store, idempotency, transactions, createCharge };
}

describe('create charge command', () => {
  it('creates once per key and answers the stored view on a replay', async () => {
    const { createCharge } = setUp();
    const input = { amount: 1_000, paymentMethod: 'PIX' };
    const first = await createCharge({ seller, input, idempotencyKey: 'k1' });
    const again = await createCharge({ seller, input: { paymentMethod: 'PIX', amount: 1_000 }, idempotencyKey: 'k1' });
    expect(first).toMatchObject({ replayed: false, view: { id: 't-1', amount: 1_000, status: 'PENDING' } });
    // A PIX charge claims its key at its commit: the second run's commit fails and the stored answer wins.
    expect(again).toEqual({ ...first, replayed: true });
  });

  it('keeps the order of refusals: disabled method, then the key, then the body', async () => {
    const prod = setUp({ sandbox: false });
    await expect(prod.createCharge({ seller, input: { amount: 0, paymentMethod: 'CARD' }, idempotencyKey: undefined })).rejects.toMatchObject({ code: 'PAYMENT_METHOD_NOT_ENABLED' });
    await expect(prod.createCharge({ seller, input: { amount: 0 }, idempotencyKey: undefined })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    await expect(prod.createCharge({ seller, input: { amount: 0 }, idempotencyKey: 'k' })).rejects.toMatchObject({ code: 'AMOUNT_TOO_LOW' });
    expect(prod.transactions.open).not.toHaveBeenCalled();
    // The refused body freed the key.
    expect((await prod.createCharge({ seller, input: { amount: 5 }, idempotencyKey: 'k' })).replayed).toBe(false);
  });

  it('a charge refused at its commit runs once: its refusal is the answer, unless the key holds an earlier one', async () => {
    const { createCharge, transactions } = setUp();
    const refused = () => Object.assign(new Error('blocked'), { code: 'SELLER_NOT_APPROVED' });
    transactions.open.mockRejectedValueOnce(refused());
    await expect(createCharge({ seller, input: { amount: 700 }, idempotencyKey: 'once' })).rejects.toMatchObject({ code: 'SELLER_NOT_APPROVED' });
    expect(transactions.open).toHaveBeenCalledTimes(1);
    const first = await createCharge({ seller, input: { amount: 700 }, idempotencyKey: 'once' });
    transactions.open.mockRejectedValueOnce(refused());
    expect(await createCharge({ seller, input: { amount: 700 }, idempotencyKey: 'once' })).toEqual({ ...first, replayed: true });
    expect(transactions.open).toHaveBeenCalledTimes(3);
  });
});

describe('refund command', () => {
  it('refunds once per key; a bad amount is refused before the use case', async () => {
    const { idempotency } = setUp();
    const refunds = { refund: vi.fn(async (_tx: Tx, _s: Seller, id: string, amount: number | undefined) => ({ transaction: { ...charge(id, 1_000), refundedAmount: amount ?? 1_000 }, refundId: 'r-1' })) };
    const refund = refundCommand({ uow, idempotency, refunds });
    await expect(refund({ seller, transactionId: 't-9', input: { amount: -1 }, idempotencyKey: 'r' })).rejects.toMatchObject({ kind: 'VALIDATION' });
    const first = await refund({ seller, transactionId: 't-9', input: { amount: 300 }, idempotencyKey: 'r' });
    const again = await refund({ seller, transactionId: 't-9', input: { amount: 300 }, idempotencyKey: 'r' });
    expect(first.view).toMatchObject({ id: 't-9', refundedAmount: 300 });
    expect(again).toEqual({ ...first, replayed: true });
    // A refund claims its key before its transaction: the replay never reaches the use case.
    expect(refunds.refund).toHaveBeenCalledTimes(1);
    await expect(refund({ seller, transactionId: 't-10', input: { amount: 300 }, idempotencyKey: 'r' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_CONFLICT' });
  });
});

describe('create withdrawal command', () => {
  const input = { amount: 1_000, method: 'PIX', pixKeyType: 'CPF', pixKey: '529.982.247-25' };
  const payout = (id: string): Withdrawal => ({
    id, sellerId: seller.id, amount: 1_000, feeAmount: 100, method: 'PIX', pixKey: '52998224725', pixKeyType: 'CPF', status: 'PENDING',
    description: null, externalReference: null, beneficiary: { name: null, documentType: null, documentNumber: null } as unknown as Withdrawal['beneficiary'],
    metadata: null, end2end: null, failureReason: null, waitingReason: null, approvedAt: null, processedAt: null, createdAt: at, updatedAt: at,
  });

  function withdrawalSetUp(wrongCode: string) {
    const { idempotency } = setUp();
    const withdrawals = {
      open: vi.fn(async (_who: unknown, _in: unknown, totpCode: string | null | undefined) => {
        if (totpCode === wrongCode) throw Object.assign(new Error('wrong code'), { code: 'TWO_FACTOR_CODE_INVALID' });
        return payout('w-1');
      }),
      insert: vi.fn(async (_tx: Tx, w: Withdrawal) => withdrawalDetailView(w)),
    };
    const attempts: unknown[] = [];
    const abuseLimits = { attempt: vi.fn(async <T>(_k: string, subject: unknown, run: () => Promise<T>) => (attempts.push(subject), run())) };
    const createWithdrawal = createWithdrawalCommand({ uow, idempotency, withdrawals, abuseLimits: abuseLimits as never, sandbox: true });
    return { createWithdrawal, withdrawals, attempts };
  }

  it('counts a sent code against the user and the address; a wrong one frees the key for the right one', async () => {
    const { createWithdrawal, withdrawals, attempts } = withdrawalSetUp('000000');
    const req = { seller, user, input, idempotencyKey: 'w', address: '10.0.0.1' };
    await expect(createWithdrawal({ ...req, totpCode: '000000' })).rejects.toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    const done = await createWithdrawal({ ...req, totpCode: '123456' });
    expect(attempts).toEqual([{ user: 'user-1', address: '10.0.0.1' }, { user: 'user-1', address: '10.0.0.1' }]);
    expect(done).toMatchObject({ replayed: false, view: { id: 'w-1', feeAmount: 100, totalAmount: 1_100 } });
    expect(withdrawals.open).toHaveBeenCalledTimes(2);
    expect(withdrawals.insert).toHaveBeenCalledTimes(1);
  });

  it('without a code the limiter is not involved; the body is parsed only after the key', async () => {
    const { createWithdrawal, attempts } = withdrawalSetUp('x');
    const req = { seller, user, input: { ...input, amount: 'ten' }, address: '10.0.0.1', totpCode: undefined };
    await expect(createWithdrawal({ ...req, idempotencyKey: '' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    await expect(createWithdrawal({ ...req, idempotencyKey: 'w2' })).rejects.toMatchObject({ kind: 'VALIDATION' });
    expect((await createWithdrawal({ ...req, input, idempotencyKey: 'w2' })).replayed).toBe(false);
    expect(attempts).toEqual([]);
  });
});

describe('appeal dispute command', () => {
  const PDF = Buffer.from('%PDF-1.7\n' + 'x'.repeat(32));
  const dispute = { id: 'd-1', status: 'UNDER_REVIEW', appealReason: 'signed receipt' } as Dispute;

  function appealSetUp() {
    const { idempotency } = setUp();
    const appeals = {
      stage: vi.fn(async (_seller: string, input: AppealInput) => ({ dispute, appealReason: input.appealReason, staged: input.files as never[] })),
      apply: vi.fn(async (_tx: Tx, appeal: { staged: unknown[] }) => ({ dispute, files: appeal.staged as never[] })),
      discard: vi.fn(async () => undefined),
    };
    return { appealDispute: appealDisputeCommand({ uow, idempotency, appeals }), appeals };
  }

  it('appeals once per key: the fields and the files identify the request; the view counts the files', async () => {
    const { appealDispute, appeals } = appealSetUp();
    const req = { seller, fields: { disputeId: ' d-1 ', appealReason: 'signed receipt' }, files: [{ name: 'r.pdf', content: PDF }], idempotencyKey: 'a' };
    const first = await appealDispute(req);
    expect(first).toEqual({ replayed: false, view: { id: 'd-1', status: 'UNDER_REVIEW', appealReason: 'signed receipt', uploadedFiles: 1 } });
    expect(appeals.stage).toHaveBeenCalledWith('seller-1', { disputeId: 'd-1', appealReason: 'signed receipt', files: req.files });
    expect(await appealDispute(req)).toEqual({ ...first, replayed: true });
    await expect(appealDispute({ ...req, files: [{ name: 'other.pdf', content: PDF }] })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_CONFLICT' });
    expect(appeals.apply).toHaveBeenCalledTimes(1);
    expect(appeals.discard).not.toHaveBeenCalled();
  });

  it('checks the key, then the text fields in order, then the files', async () => {
    const { appealDispute, appeals } = appealSetUp();
    const req = { seller, fields: { disputeId: 'd-1', appealReason: 'why' }, files: [], idempotencyKey: 'b' };
    await expect(appealDispute({ ...req, fields: {}, idempotencyKey: undefined })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    await expect(appealDispute({ ...req, fields: { disputeId: '  ', appealReason: '' } })).rejects.toMatchObject({
      code: 'DISPUTE_ID_REQUIRED', message: 'disputeId is required (at most 128 characters)', details: { field: 'disputeId' },
    });
    await expect(appealDispute({ ...req, fields: { disputeId: 'd'.repeat(129) } })).rejects.toMatchObject({ code: 'DISPUTE_ID_REQUIRED' });
    await expect(appealDispute({ ...req, fields: { disputeId: 'd-1', appealReason: 7 } })).rejects.toMatchObject({ code: 'APPEAL_REASON_REQUIRED', details: { field: 'appealReason' } });
    await expect(appealDispute({ ...req, fields: { disputeId: 'd-1', appealReason: ` ${'r'.repeat(5_001)} ` } })).rejects.toMatchObject({
      code: 'APPEAL_REASON_TOO_LONG', message: 'appealReason must have at most 5000 characters', details: { field: 'appealReason' },
    });
    await expect(appealDispute({ ...req, files: [{ name: 'n.txt', content: Buffer.from('plain text, not evidence') }] })).rejects.toMatchObject({
      code: 'INVALID_FILE_TYPE', details: { file: 'n.txt', index: 0 },
    });
    expect(appeals.stage).not.toHaveBeenCalled();
    expect((await appealDispute({ ...req, fields: { disputeId: 'd-1', appealReason: ` ${'r'.repeat(5_000)} ` } })).replayed).toBe(false);
  });
});

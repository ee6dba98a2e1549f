import { describe, expect, it } from 'vitest';
import type { User } from '../accounts/accounts.types';
import type { ScheduledJob } from '../jobs/scheduler';
import { ManualClock } from '../shared/clock';
import type { Tx } from '../shared/unit-of-work';
import type { DataRequestRepository } from './data-subject.ports';
import type { DataRequest, DataRequestEvent, SubjectScope } from './data-subject.types';
import { ErasureService } from './erasure.service';
import { rejectErasureCommand } from './reject-erasure.command';
import { requestErasureCommand } from './request-erasure.command';

const tx: Tx = { afterCommit: () => undefined };
const user = { id: 'u1', role: 'USER' } as User;
const operator = { id: 'op1', role: 'OPERATOR' } as User;
const principal = { kind: 'session', user, seller: { id: 's1' } } as never;

function fixture() {
  const clock = new ManualClock(new Date('2026-04-09T15:00:00Z'));
  const requests = new Map<string, DataRequest>();
  const events: DataRequestEvent[] = [];
  const jobs: ScheduledJob[] = [];
  const anonymised: { phase: string; scope: SubjectScope }[] = [];
  let n = 0;
  const repo: Partial<DataRequestRepository> = {
    insert: async (_tx, r) => void requests.set(r.id, { ...r }),
    findOpen: async (_tx, userId, kind) => [...requests.values()].find((r) => r.userId === userId && r.kind === kind && r.status === 'OPEN') ?? null,
    findForUpdate: async (_tx, id) => requests.get(id) ?? null,
    update: async (_tx, r) => void requests.set(r.id, { ...r }),
    addEvent: (_tx, _id, e) => void events.push(e),
    usersOfSeller: async () => ['u1', 'u2'],
  };
  const service = new ErasureService({
    uow: { run: (work) => work(tx) },
    requests: repo as DataRequestRepository,
    store: {
      countRows: async () => 0,
      readSection: async function* () {},
      anonymise: async (_tx, phase, scope) => {
        anonymised.push({ phase, scope });
        return { 'users.email': scope.userIds.length };
      },
      revokeCredentials: async () => ({ apiKeys: 2, sessions: 1, webhooks: 0, pendingDeliveries: 0 }),
    },
    scheduler: { schedule: async (_tx, j) => void jobs.push(...(Array.isArray(j) ? j : [j])), cancel: async () => undefined },
    holidays: { isNationalHoliday: (d) => d === '2026-04-21' || d === '2026-05-01' },
    tokens: { newId: () => `id${++n}` },
    clock,
  });
  const noStepUp = { twoFactor: { isActive: () => false, requireFreshCode: async () => undefined }, abuseLimits: { attempt: <T>(_k: unknown, _s: unknown, run: () => Promise<T>) => run() } };
  const requestErasure = (r: { principal: never; input: unknown }) => requestErasureCommand({ erasure: service, ...noStepUp })({ ...r, address: '10.0.0.1' });
  const rejectErasure = rejectErasureCommand({ erasure: service });
  return { service, requestErasure, rejectErasure, requests, events, jobs, anonymised, clock };
}

describe('ErasureService', () => {
  it('opens one request with its due date; asking again answers the open one', async () => {
    const f = fixture();
    const first = await f.requestErasure({ principal, input: { reason: ' leaving ' } });
    expect(first).toMatchObject({ existing: false, request: { status: 'OPEN', reason: 'leaving', dueAt: new Date('2026-05-05T02:59:59.999Z') } });
    expect(await f.requestErasure({ principal, input: undefined })).toEqual({ existing: true, request: first.request });
    await expect(f.requestErasure({ principal, input: { reason: 7 } })).rejects.toMatchObject({ code: 'INVALID_REASON' });
  });

  it('executes over the whole account, revokes access and schedules the end of the 5-year retention', async () => {
    const f = fixture();
    const { request } = await f.service.request(principal, null);
    await expect(f.service.execute(user, request.id)).rejects.toMatchObject({ code: 'OPERATOR_ONLY' });
    const done = await f.service.execute(operator, request.id);
    expect(done).toMatchObject({ status: 'EXECUTED', closedBy: 'operator:op1', retentionUntil: new Date('2031-04-09T15:00:00Z') });
    expect(f.anonymised).toEqual([{ phase: 'ERASURE', scope: { userIds: ['u1', 'u2'], sellerId: 's1' } }]);
    expect(f.jobs).toEqual([{ kind: 'privacy.finish-retention', key: `privacy.finish-retention:${request.id}`, runAt: done.retentionUntil, payload: { requestId: request.id } }]);
    expect(f.events.at(-1)).toMatchObject({ actor: 'operator:op1', action: 'EXECUTED', detail: { revoked: { apiKeys: 2, sessions: 1 } } });
    await expect(f.service.execute(operator, request.id)).rejects.toMatchObject({ code: 'DATA_REQUEST_NOT_OPEN' });
    await expect(f.service.reject(operator, request.id, 'x')).rejects.toMatchObject({ code: 'DATA_REQUEST_NOT_OPEN' });

    await f.service.finishRetention(request.id);
    expect(f.anonymised).toHaveLength(1);
    f.clock.set(done.retentionUntil!);
    await f.service.finishRetention(request.id);
    await f.service.finishRetention(request.id);
    expect(f.anonymised.map((a) => a.phase)).toEqual(['ERASURE', 'RETENTION_END']);
    expect(f.events.map((e) => e.action)).toEqual(['REQUESTED', 'EXECUTED', 'RETENTION_ENDED']);
  });

  it('rejects only with a reason', async () => {
    const f = fixture();
    const { request } = await f.service.request(principal, null);
    await expect(f.rejectErasure({ operator: user, requestId: request.id, reason: '' })).rejects.toMatchObject({ code: 'OPERATOR_ONLY' });
    await expect(f.rejectErasure({ operator, requestId: request.id, reason: '' })).rejects.toMatchObject({ code: 'REASON_REQUIRED' });
    await expect(f.service.reject(operator, 'nope', 'why')).rejects.toMatchObject({ code: 'DATA_REQUEST_NOT_FOUND' });
    expect(await f.service.reject(operator, request.id, 'legal hold')).toMatchObject({ status: 'REJECTED', rejectionReason: 'legal hold' });
  });
});

describe('the erasure request body', () => {
  const refusal = async (input: unknown) => {
    const f = fixture();
    return f.requestErasure({ principal, input }).then(
      () => null,
      (e: { code: string; message: string; details?: unknown }) => [e.code, e.message, e.details],
    );
  };

  it.each([
    ['x', 'INVALID_BODY', 'the body must be a JSON object', undefined],
    [[1], 'INVALID_BODY', 'the body must be a JSON object', undefined],
    [{ reason: 42 }, 'INVALID_REASON', 'reason must be a string', undefined],
    [{ reason: 'x\u0000'.repeat(600) }, 'INVALID_TEXT', 'reason contains the NUL character (U+0000), which is not accepted', { field: 'reason', problem: 'NUL' }],
    [{ reason: 'x\u000b' }, 'INVALID_TEXT', 'reason contains a control character, which is not accepted', { field: 'reason', problem: 'CONTROL_CHARACTER' }],
    [{ reason: 'x'.repeat(1_001) }, 'REASON_TOO_LONG', 'reason must have at most 1000 characters', undefined],
  ])('%j is refused with %s', async (input, code, message, details) => {
    expect(await refusal(input)).toEqual([code, message, details]);
  });

  it.each([
    [undefined, null],
    [null, null],
    [{}, null],
    [{ reason: null }, null],
    [{ reason: '   ' }, null],
    [{ reason: ` ${'x'.repeat(1_000)}\n` }, 'x'.repeat(1_000)],
  ])('%j is accepted, its reason trimmed (empty is none)', async (input, reason) => {
    const f = fixture();
    expect((await f.requestErasure({ principal, input })).request.reason).toBe(reason);
  });
});

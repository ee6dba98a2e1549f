import { describe, expect, it } from 'vitest';
import { ManualClock } from '../shared/clock';
import type { Tx } from '../shared/unit-of-work';
import { DataExportService } from './data-export.service';
import type { DataRequestRepository } from './data-subject.ports';
import { type DataRequest, type DataRequestEvent, newDataRequest } from './data-subject.types';

const tx: Tx = { afterCommit: () => undefined };

function fixture(rows: number) {
  const clock = new ManualClock(new Date('2026-05-04T12:00:00Z'));
  const requests = new Map<string, DataRequest & { buildStartedAt?: Date; tokenHash?: string }>();
  const events: DataRequestEvent[] = [];
  const mails: { to: string; downloadUrl: string }[] = [];
  const written: string[] = [];
  let release: () => void = () => undefined;
  const archiveGate = new Promise<void>((r) => (release = r));
  const repo: Partial<DataRequestRepository> = {
    insert: async (_tx, r) => void requests.set(r.id, { ...r }),
    findOpen: async (_tx, userId) => [...requests.values()].find((r) => r.userId === userId && r.status === 'QUEUED') ?? null,
    findById: async (id) => requests.get(id) ?? null,
    findForUpdate: async (_tx, id) => requests.get(id) ?? null,
    update: async (_tx, r) => void requests.set(r.id, { ...requests.get(r.id)!, ...r }),
    addEvent: (_tx, _id, e) => void events.push(e),
    claimBuild: async (id, now, staleBefore) => {
      const r = requests.get(id)!;
      if (r.status !== 'QUEUED' || (r.buildStartedAt && r.buildStartedAt >= staleBefore)) return false;
      r.buildStartedAt = now;
      return true;
    },
    setDownloadToken: async (id, file, tokenHash) => void Object.assign(requests.get(id)!, { exportFile: file, tokenHash }),
  };
  const service = new DataExportService({
    uow: { run: (work) => work(tx) },
    requests: repo as DataRequestRepository,
    store: {
      countRows: async () => rows,
      readSection: async function* () {
        yield { id: 'x', created_at: '2026-05-04T09:00:00-03:00' };
      },
      anonymise: async () => ({}),
      revokeCredentials: async () => ({ apiKeys: 0, sessions: 0, webhooks: 0, pendingDeliveries: 0 }),
    },
    archive: {
      write: async (name, sections) => {
        for (const s of sections) for await (const _ of s.rows);
        await archiveGate;
        written.push(name);
        return { file: `${name}.zip`, bytes: 10 };
      },
      open: () => {
        throw new Error('not used');
      },
      remove: async () => undefined,
    },
    mailer: { sendExport: async (m) => void mails.push(m) },
    scheduler: { schedule: async () => undefined, cancel: async () => undefined },
    users: { findById: async (id) => ({ id, email: 'u@example.com' }) as never },
    tokens: { newId: () => 'id1', randomToken: () => 'token1', digest: (t) => `h(${t})` },
    clock,
    directMaxRows: 5,
    linkTtlMs: 3_600_000,
    downloadBaseUrl: () => 'https://pay.example/',
  });
  return { service, requests, events, mails, written, release, clock };
}

const principal = { kind: 'apiKey', user: { id: 'u1' }, seller: { id: 's1' } } as never;

describe('DataExportService', () => {
  it('answers small accounts directly, in the documented shape', async () => {
    const { service } = fixture(3);
    const answer = await service.export(principal);
    expect(answer).toMatchObject({ queued: false, data: { userId: 'u1', sellerId: 's1', exportedAt: '2026-05-04T12:00:00.000Z' } });
    if (!answer.queued) expect(answer.data.sections.charges).toEqual([{ id: 'x', createdAt: '2026-05-04T12:00:00.000Z' }]);
  });

  it('queues large accounts once, and a second runner never builds or mails the same export', async () => {
    const f = fixture(6);
    const first = await f.service.export(principal);
    const again = await f.service.export(principal);
    expect(first.queued && again.queued && first.request.id === again.request.id).toBe(true);
    const id = (first as { request: DataRequest }).request.id;
    const building = f.service.build(id);
    await expect(f.service.build(id)).rejects.toThrow(/being built by another runner/);
    f.release();
    await building;
    expect(f.written).toEqual([`export-${id}`]);
    expect(f.mails).toEqual([expect.objectContaining({ to: 'u@example.com', downloadUrl: 'https://pay.example/data-subject/export/download/token1' })]);
    expect(f.requests.get(id)).toMatchObject({ status: 'COMPLETED', closedBy: 'system', tokenHash: 'h(token1)' });
    expect(f.events.map((e) => e.action)).toEqual(['REQUESTED', 'EXPORT_MAILED']);
    await f.service.build(id);
    expect(f.mails).toHaveLength(1);
  });
});

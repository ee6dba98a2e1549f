import { describe, expect, it } from 'vitest';
import { CoalescedNotifier, OUTBOX_CHANNEL } from './pg-outbox';

/** A fake pooled query: each NOTIFY stays in flight until answered. */
function fakeSql() {
  const sent: { params: unknown[]; answer(): void }[] = [];
  return {
    sent,
    query: (_sql: string, params: unknown[] = []) =>
      new Promise<never[]>((resolve) => {
        sent.push({ params, answer: () => resolve([]) });
      }),
  };
}

/** Lets setImmediate callbacks and the promise callbacks after them run. */
const turn = () => new Promise((r) => setImmediate(r));

describe('CoalescedNotifier', () => {
  it('sends one NOTIFY for the commits of one event-loop turn', async () => {
    const sql = fakeSql();
    const notifier = new CoalescedNotifier(sql, () => undefined);
    for (let i = 0; i < 5; i++) notifier.notify();
    await turn();
    expect(sql.sent.map((s) => s.params)).toEqual([[OUTBOX_CHANNEL]]);
  });

  it('covers every commit signalled while a NOTIFY is in flight with one more, sent after it is answered', async () => {
    const sql = fakeSql();
    const notifier = new CoalescedNotifier(sql, () => undefined);
    notifier.notify();
    await turn();
    expect(sql.sent).toHaveLength(1);
    // Commits while the first is in flight: it may have left before they committed.
    for (let i = 0; i < 10; i++) {
      notifier.notify();
      await turn();
    }
    expect(sql.sent).toHaveLength(1);
    sql.sent[0]!.answer();
    await turn();
    await turn();
    expect(sql.sent).toHaveLength(2);
    // Nothing signalled since: no third one.
    sql.sent[1]!.answer();
    await turn();
    await turn();
    expect(sql.sent).toHaveLength(2);
    notifier.notify();
    await turn();
    expect(sql.sent).toHaveLength(3);
  });

  it('reports a failed NOTIFY and keeps notifying', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const notifier = new CoalescedNotifier({ query: () => (++calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve([])) }, (e) => errors.push(e));
    notifier.notify();
    await turn();
    await turn();
    expect(errors).toHaveLength(1);
    notifier.notify();
    await turn();
    expect(calls).toBe(2);
  });
});

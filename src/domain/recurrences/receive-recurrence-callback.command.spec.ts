import { describe, expect, it } from 'vitest';
import { receiveRecurrenceCallbackCommand, type RecurrenceCallbackConfirmations } from './receive-recurrence-callback.command';
import type { InstitutionCycleCharge, InstitutionRecurrence } from './recurrence-institution';

const REC = 'RN1234567820240115abcdefghijk';
const held: InstitutionRecurrence = { recId: REC, status: 'APPROVED', pushRequestStatus: null, end: null };
const cobr: InstitutionCycleCharge = { txid: 't'.repeat(32), status: 'PAID', attempts: [], pix: [], reason: null };

function psp(over: Partial<RecurrenceCallbackConfirmations> = {}): RecurrenceCallbackConfirmations {
  return {
    accepts: (token) => token === 'secret',
    namedRecurrences: (body) => ((body as { recs?: { idRec: string }[] }).recs ?? []).map((r) => r.idRec),
    namedCycleCharges: (body) => ((body as { cobsr?: { txid: string }[] }).cobsr ?? []).map((c) => c.txid),
    readRecurrence: async (recId) => (recId === REC ? held : null),
    readCycleCharge: async (txid) => (txid === cobr.txid ? cobr : null),
    ...over,
  };
}

describe('a PSP’s PIX Automático callback', () => {
  it('is an unknown route without a PSP or with a wrong secret', async () => {
    const applied: unknown[] = [];
    const d = { applyRecurrence: async (o: InstitutionRecurrence) => (applied.push(o), { applied: true }), applyCycleCharge: async () => true };
    expect(await receiveRecurrenceCallbackCommand({ ...d, confirmations: null })({ kind: 'rec', token: 'secret', address: undefined, input: { recs: [{ idRec: REC }] } })).toBeNull();
    expect(await receiveRecurrenceCallbackCommand({ ...d, confirmations: psp() })({ kind: 'rec', token: 'guess', address: undefined, input: { recs: [{ idRec: REC }] } })).toBeNull();
    expect(applied).toEqual([]);
  });

  it('applies only what the PSP holds, read back: the callback’s own words are never used', async () => {
    const applied: InstitutionRecurrence[] = [];
    const command = receiveRecurrenceCallbackCommand({
      confirmations: psp(),
      applyRecurrence: async (o) => (applied.push(o), { applied: applied.length === 1 }),
      applyCycleCharge: async () => false,
    });
    const forged = { recs: [{ idRec: REC, status: 'CANCELADA' }, { idRec: 'RN0000000020240115forgedforge' }] };
    expect((await command({ kind: 'rec', token: 'secret', address: undefined, input: forged }))!.view).toEqual({ confirmed: 1, applied: 1, ignored: 1 });
    expect(applied).toEqual([held]);
    // The same callback again: read back and applied again, which changes nothing.
    expect((await command({ kind: 'rec', token: 'secret', address: undefined, input: forged }))!.view).toEqual({ confirmed: 1, applied: 0, ignored: 1 });
  });

  it('a recurring charge is read back and applied; one of no recurrence of ours is ignored', async () => {
    const seen: InstitutionCycleCharge[] = [];
    const command = receiveRecurrenceCallbackCommand({ confirmations: psp(), applyRecurrence: async () => null, applyCycleCharge: async (o) => (seen.push(o), true) });
    const answer = await command({ kind: 'cobr', token: 'secret', address: undefined, input: { cobsr: [{ txid: cobr.txid }, { txid: 'u'.repeat(32) }] } });
    expect(answer!.view).toEqual({ confirmed: 1, applied: 1, ignored: 1 });
    expect(seen).toEqual([cobr]);
  });
});

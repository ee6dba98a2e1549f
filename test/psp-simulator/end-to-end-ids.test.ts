import { describe, expect, it } from 'vitest';
import { PixStore } from '../../tools/psp-simulator/pix-store';

describe("the simulator's end-to-end ids", () => {
  it('differ between two simulators (or one reset) paying in the same minute, and each finds only its own', () => {
    const at = Date.parse('2026-11-27T23:04:54Z');
    const first = new PixStore();
    const second = new PixStore();
    const a = first.e2eidOf(first.add({ cents: 60_000, horario: at, txid: 'a'.repeat(26), chave: 'recebedor@pixpay.example' }));
    const b = second.e2eidOf(second.add({ cents: 60_000, horario: at, txid: 'b'.repeat(26), chave: 'recebedor@pixpay.example' }));
    expect(a).toMatch(/^E\d{8}202611272304x[0-9a-z]{10}$/);
    expect(b).not.toBe(a);
    expect([first.find(a), second.find(b)]).toEqual([0, 0]);
    expect([first.find(b), second.find(a)]).toEqual([null, null]);

    first.reset();
    const again = first.e2eidOf(first.add({ cents: 60_000, horario: at, chave: 'recebedor@pixpay.example' }));
    expect(again).not.toBe(a);
    expect(first.find(again)).toBe(0);
  });
});

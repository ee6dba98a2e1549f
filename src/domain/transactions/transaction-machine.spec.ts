import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import {
  TRANSACTION_COMMANDS,
  TRANSACTION_TRANSITIONS,
  applyTransactionCommand,
  canApplyTransactionCommand,
  type TransactionCommand,
} from './transaction-machine';
import { TRANSACTION_STATUSES, type TransactionStatus } from './transaction-status';

describe('transaction command transitions', () => {
  it.each<[TransactionStatus, TransactionCommand, TransactionStatus]>([
    ['PENDING', 'CONFIRM', 'WAITING_PAYMENT'],
    ['PENDING', 'PAY', 'PAID'],
    ['WAITING_PAYMENT', 'PAY', 'PAID'],
    ['EXPIRED', 'PAY', 'PAID'],
    ['PENDING', 'EXPIRE', 'EXPIRED'],
    ['WAITING_PAYMENT', 'EXPIRE', 'EXPIRED'],
    ['PAID', 'REFUND_TOTAL', 'REFUNDED'],
    ['PAID', 'REFUND_PARTIAL', 'PARTIALLY_REFUNDED'],
    ['PARTIALLY_REFUNDED', 'REFUND_PARTIAL', 'PARTIALLY_REFUNDED'],
    ['PARTIALLY_REFUNDED', 'REFUND_TOTAL', 'REFUNDED'],
    ['PAID', 'CHARGEBACK', 'CHARGEDBACK'],
    ['PARTIALLY_REFUNDED', 'CHARGEBACK', 'CHARGEDBACK'],
    ['DISPUTE', 'CHARGEBACK', 'CHARGEDBACK'],
    ['PAID', 'OPEN_DISPUTE', 'DISPUTE'],
    ['CHARGEDBACK', 'OPEN_DISPUTE', 'DISPUTE'],
    ['DISPUTE', 'DISPUTE_WON', 'PAID'],
    ['DISPUTE', 'DISPUTE_LOST', 'CHARGEDBACK'],
    ['CHARGEDBACK', 'DISPUTE_WON', 'PAID'],
    ['REFUNDED', 'REFUND_UNDONE', 'PAID'],
    ['PARTIALLY_REFUNDED', 'REFUND_UNDONE', 'PAID'],
    ['REFUNDED', 'REFUND_UNDONE_PARTIAL', 'PARTIALLY_REFUNDED'],
    ['PARTIALLY_REFUNDED', 'REFUND_UNDONE_PARTIAL', 'PARTIALLY_REFUNDED'],
  ])('%s --%s--> %s', (from, command, to) => {
    expect(applyTransactionCommand(from, command)).toEqual({ to });
  });

  it.each<[TransactionStatus, TransactionCommand]>([
    ['PAID', 'EXPIRE'],
    ['REFUNDED', 'REFUND_PARTIAL'],
    ['REFUNDED', 'PAY'],
    ['PENDING', 'REFUND_TOTAL'],
    ['PAID', 'DISPUTE_WON'],
    ['CHARGEDBACK', 'DISPUTE_LOST'],
    ['WAITING_PAYMENT', 'CONFIRM'],
    ['PAID', 'REFUND_UNDONE'],
    ['CHARGEDBACK', 'REFUND_UNDONE_PARTIAL'],
  ])('%s refuses %s with INVALID_TRANSACTION_TRANSITION (CONFLICT)', (from, command) => {
    let caught: unknown;
    try {
      applyTransactionCommand(from, command);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect(caught).toMatchObject({ code: 'INVALID_TRANSACTION_TRANSITION', kind: 'CONFLICT', details: { from, command } });
  });

  it('the table has no duplicated (from, command) pair and only known values', () => {
    const keys = TRANSACTION_TRANSITIONS.map((t) => `${t.from}:${t.command}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of TRANSACTION_TRANSITIONS) {
      expect(TRANSACTION_STATUSES).toContain(t.from);
      expect(TRANSACTION_STATUSES).toContain(t.to);
      expect(TRANSACTION_COMMANDS).toContain(t.command);
    }
  });

  it('applies exactly the pairs of the table', () => {
    for (const from of TRANSACTION_STATUSES) {
      for (const command of TRANSACTION_COMMANDS) {
        const row = TRANSACTION_TRANSITIONS.find((t) => t.from === from && t.command === command);
        expect(canApplyTransactionCommand(from, command)).toBe(row !== undefined);
        if (row) expect(applyTransactionCommand(from, command).to).toBe(row.to);
        else expect(() => applyTransactionCommand(from, command)).toThrow(DomainError);
      }
    }
  });
});

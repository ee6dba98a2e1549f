import { DomainError } from '../shared/errors';
import type { Cents } from '../shared/money';
import { parseAccount } from './ledger-accounts';
import type { JournalEntryDraft, SellerBalances } from './ledger.types';
import { STATEMENT_TYPES, ZERO_BALANCES } from './ledger.types';

export const MAX_REFERENCE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 600;

/**
 * Checks the rules every journal entry obeys; a violation is a programming error in
 * the builder that made the draft, so it throws a plain Error (never reaches a client
 * as a 4xx). Rules:
 * - at least two postings, each a non-zero safe integer, summing to exactly zero;
 * - every account is known; seller accounts all belong to `draft.sellerId`;
 * - statement lines have known types and positive safe-integer amounts, and the
 *   seller's view agrees with the postings: CREDIT - DEBIT = change of the seller's
 *   total (available + blocked - debt).
 */
export function assertValidEntry(draft: JournalEntryDraft): void {
  const fail = (why: string): never => {
    throw new Error(`invalid journal entry ${draft.reference}: ${why}`);
  };
  if (!draft.reference || draft.reference.length > MAX_REFERENCE_LENGTH) fail('reference must have 1 to 200 characters');
  if (!draft.description || draft.description.length > MAX_DESCRIPTION_LENGTH) fail('description must have 1 to 600 characters');
  if (draft.postings.length < 2) fail('an entry needs at least two postings');
  let sum = 0n;
  let sellerTouched = false;
  for (const p of draft.postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) fail(`posting amount ${p.amount} must be a non-zero integer`);
    sum += BigInt(p.amount);
    const account = parseAccount(p.account);
    if (!account) fail(`unknown account ${p.account}`);
    if (account?.owner === 'seller' || account?.owner === 'debt') {
      if (account.sellerId !== draft.sellerId) fail(`account ${p.account} belongs to another seller`);
      sellerTouched = true;
    }
  }
  if (sum !== 0n) fail(`postings sum to ${sum}, not zero`);
  if (draft.lines.length > 0 && !draft.sellerId) fail('statement lines need a seller');
  if (draft.sellerId && !sellerTouched) fail('a seller entry must post to the seller');
  let statementNet = 0;
  for (const l of draft.lines) {
    if (!(STATEMENT_TYPES as readonly string[]).includes(l.type)) fail(`unknown statement type ${l.type}`);
    if (!Number.isSafeInteger(l.amount) || l.amount <= 0) fail(`statement amount ${l.amount} must be a positive integer`);
    if (!l.description || l.description.length > MAX_DESCRIPTION_LENGTH) fail('statement description must have 1 to 600 characters');
    if (l.type === 'CREDIT') statementNet += l.amount;
    if (l.type === 'DEBIT') statementNet -= l.amount;
  }
  const d = sellerDelta(draft);
  if (draft.sellerId && statementNet !== d.availablePix + d.availableBoleto + d.availableCard + d.blocked + debtDelta(draft)) {
    fail('statement lines disagree with the seller postings');
  }
}

/** How the entry changes its seller's debt account (negative: the debt grows). */
export function debtDelta(draft: Pick<JournalEntryDraft, 'postings'>): Cents {
  let delta = 0;
  for (const p of draft.postings) if (parseAccount(p.account)?.owner === 'debt') delta += p.amount;
  return delta;
}

/** How the entry changes its seller's balances (zero for platform-only entries). */
export function sellerDelta(draft: Pick<JournalEntryDraft, 'postings'>): SellerBalances {
  const delta: SellerBalances = { ...ZERO_BALANCES };
  for (const p of draft.postings) {
    const account = parseAccount(p.account);
    if (account?.owner === 'seller') delta[account.bucket] += p.amount;
  }
  return delta;
}

export const totalAvailable = (b: SellerBalances): Cents => b.availablePix + b.availableBoleto + b.availableCard;

/** The SPEC Wallet's balance fields, from the stored balances. */
export function walletBalanceFields(b: SellerBalances) {
  return {
    balancePix: b.availablePix,
    balanceBoleto: b.availableBoleto,
    balanceCard: b.availableCard,
    balanceTotal: totalAvailable(b),
    balanceBlocked: b.blocked,
    currency: 'BRL' as const,
  };
}

export const insufficientBalance = (details?: Record<string, unknown>) =>
  new DomainError('INSUFFICIENT_BALANCE', 'the available balance does not cover this debit', 'UNPROCESSABLE', details);

/**
 * Applies a delta to balances: the rule the database enforces with its guarded
 * update. Returns null when any balance would go below zero (nothing changes then).
 */
export function applyDelta(balances: SellerBalances, delta: SellerBalances): SellerBalances | null {
  const next: SellerBalances = {
    availablePix: balances.availablePix + delta.availablePix,
    availableBoleto: balances.availableBoleto + delta.availableBoleto,
    availableCard: balances.availableCard + delta.availableCard,
    blocked: balances.blocked + delta.blocked,
  };
  return next.availablePix < 0 || next.availableBoleto < 0 || next.availableCard < 0 || next.blocked < 0 ? null : next;
}

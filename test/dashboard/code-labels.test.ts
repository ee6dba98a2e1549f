import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, isEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { disputeEventNames } from '../../src/domain/disputes/dispute-events';
import type { DisputeOrigin, DisputeStatus } from '../../src/domain/disputes/dispute-status';
import { CORRECTION_DESCRIPTION_PREFIX, STATEMENT_DESCRIPTIONS, withOwedCents } from '../../src/domain/ledger/statement-descriptions';
import { PIX_KEY_TYPES } from '../../src/domain/pix/pix-key';
import { DISCOUNT_MODALITIES, FINE_MODALITIES, INTEREST_MODALITIES } from '../../src/domain/due-date/due-date-terms';
import { AUTHORISATION_JOURNEYS } from '../../src/domain/recurrences/create-recurrence.input';
import { CYCLE_STATUSES } from '../../src/domain/recurrences/cycle-status';
import { RECURRENCE_PERIODS } from '../../src/domain/recurrences/recurrence-calendar';
import { CANCELLED_BY, RECURRENCE_STATUSES } from '../../src/domain/recurrences/recurrence-status';
import { RETRY_POLICIES } from '../../src/domain/recurrences/retry-policy';
import * as dueDateForm from '../../web/src/lib/due-date-form';
import { BILLING_LABELS } from '../../web/src/lib/labels/billing-labels';
import { ENUM_LABELS, PIX_KEY_TYPE_LABELS } from '../../web/src/lib/labels/enum-labels';
import * as recurrenceChoices from '../../web/src/lib/recurrences';
import { ERROR_LABELS } from '../../web/src/lib/labels/error-labels';
import { EVENT_LABELS } from '../../web/src/lib/labels/event-labels';
import type { Labels } from '../../web/src/lib/labels/label';
import { STATEMENT_DESCRIPTION_LABELS, STATEMENT_DESCRIPTION_PREFIXES, statementDescription } from '../../web/src/lib/labels/statement-labels';
import { apiErrorCodes } from './api-error-codes';

/** The codes of `codes` that have no label, or a label empty in one of the languages. */
const unlabelled = (labels: Labels, codes: Iterable<string>) =>
  [...codes].filter((c) => {
    const label = Object.prototype.hasOwnProperty.call(labels, c) ? labels[c] : undefined;
    return !label || !label[0].trim() || !label[1].trim();
  });

const schema = buildSchema(readFileSync(join(__dirname, '..', '..', 'schema.graphql'), 'utf8'));
const enums = Object.values(schema.getTypeMap()).filter((t) => isEnumType(t) && !t.name.startsWith('__'));

/**
 * Every code the dashboard can show has words in Brazilian Portuguese and in English.
 * The sets come from where the API declares them, so a new status, enum, key type,
 * statement line or error code without a label fails here.
 */
describe('the dashboard labels every code the API sends', () => {
  it('has a label family for every enum of the schema', () => {
    expect(enums.length).toBeGreaterThanOrEqual(10);
    expect(enums.map((e) => e.name).filter((name) => !(name in ENUM_LABELS))).toEqual([]);
  });

  it.each(enums.map((e) => [e.name, e] as const))('labels every value of %s', (name, e) => {
    if (!isEnumType(e)) throw new Error(`${name} is no enum`);
    const labels = (ENUM_LABELS as Record<string, Labels>)[name] ?? {};
    expect(unlabelled(labels, e.getValues().map((v) => v.value as string))).toEqual([]);
  });

  it('labels every PIX key type', () => {
    expect(unlabelled(PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES)).toEqual([]);
  });

  it("labels every statement line the ledger writes, the operator's corrections and what a forced debit leaves owed", () => {
    expect(unlabelled(STATEMENT_DESCRIPTION_LABELS, Object.values(STATEMENT_DESCRIPTIONS))).toEqual([]);
    expect(unlabelled(STATEMENT_DESCRIPTION_PREFIXES, [CORRECTION_DESCRIPTION_PREFIX])).toEqual([]);
    const plain = (s: string) => s.replace(/\u00a0/g, ' ');
    const money = (c: number) => `R$ ${(c / 100).toFixed(2).replace('.', ',')}`;
    expect(plain(statementDescription(STATEMENT_DESCRIPTIONS.pixFee, 'pt-BR', money))).toBe('Tarifa de recebimento PIX');
    expect(plain(statementDescription(`${CORRECTION_DESCRIPTION_PREFIX}ajuste de março`, 'pt-BR', money))).toBe('Correção: ajuste de março');
    expect(plain(statementDescription(withOwedCents(STATEMENT_DESCRIPTIONS.disputeLost, 500), 'pt-BR', money))).toBe('Disputa perdida (R$ 5,00 em dívida)');
  });

  it("labels the billing codes the schema sends as strings, and the forms offer exactly the API's choices", () => {
    const families: [keyof typeof BILLING_LABELS, readonly string[]][] = [
      ['DueDateFixedOrPercent', FINE_MODALITIES],
      ['DueDateInterest', INTEREST_MODALITIES],
      ['DueDateDiscount', DISCOUNT_MODALITIES],
      ['RecurrenceStatus', RECURRENCE_STATUSES],
      ['RecurrencePeriod', RECURRENCE_PERIODS],
      ['RecurrenceJourney', AUTHORISATION_JOURNEYS],
      ['RecurrenceAmountType', ['FIXED', 'VARIABLE']],
      ['RecurrenceRetryPolicy', RETRY_POLICIES],
      ['RecurrenceCycleStatus', CYCLE_STATUSES],
      ['RecurrencePushRequest', ['SENT', 'ACCEPTED', 'REJECTED', 'EXPIRED']],
      ['RecurrenceEndedBy', [...CANCELLED_BY, 'PAYER_INSTITUTION', 'SYSTEM']],
    ];
    for (const [family, codes] of families) expect(unlabelled(BILLING_LABELS[family], codes), family).toEqual([]);
    expect(dueDateForm.FIXED_OR_PERCENT).toEqual(FINE_MODALITIES);
    expect(dueDateForm.INTEREST_MODALITIES).toEqual(INTEREST_MODALITIES);
    expect(dueDateForm.DISCOUNT_MODALITIES).toEqual(DISCOUNT_MODALITIES);
    expect(recurrenceChoices.RECURRENCE_STATUSES).toEqual(RECURRENCE_STATUSES);
    expect(recurrenceChoices.RECURRENCE_PERIODS).toEqual(RECURRENCE_PERIODS);
    expect([...recurrenceChoices.RECURRENCE_JOURNEYS].sort()).toEqual([...AUTHORISATION_JOURNEYS].sort());
    expect(recurrenceChoices.RECURRENCE_RETRY_POLICIES).toEqual(RETRY_POLICIES);
  });

  it('labels every dispute step a timeline shows', () => {
    const values = (name: string) => {
      const e = schema.getType(name);
      return isEnumType(e) ? e.getValues().map((v) => v.value as string) : [];
    };
    const events = values('DisputeStatus').flatMap((s) => values('DisputeOrigin').flatMap((o) => disputeEventNames(s as DisputeStatus, o as DisputeOrigin)));
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(unlabelled(EVENT_LABELS, events)).toEqual([]);
  });

  it('says what every error code the API can answer means', () => {
    const codes = apiErrorCodes();
    // The sources are read, not trusted to be found: codes of each kind are there.
    for (const known of ['INVALID_CREDENTIALS', 'QUERY_TOO_DEEP', 'INVALID_PIX_KEY_EVP', 'GRAPHQL_VALIDATION_FAILED', 'INVALID_QUERY_PARAMETER', 'SANDBOX_ONLY']) {
      expect(codes).toContain(known);
    }
    expect(unlabelled(ERROR_LABELS, codes)).toEqual([]);
  });

  it("labels this app's own codes (no connection, an answer it cannot read)", () => {
    expect(unlabelled(ERROR_LABELS, ['NETWORK_ERROR', 'BAD_RESPONSE', 'ERROR'])).toEqual([]);
  });
});

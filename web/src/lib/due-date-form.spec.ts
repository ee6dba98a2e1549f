import { describe, expect, it } from 'vitest';
import { dueDateInput, emptyDueDateDraft, type DueDateDraft } from './due-date-form';

const draft = (over: Partial<DueDateDraft> = {}): DueDateDraft => ({
  ...emptyDueDateDraft(),
  payerName: ' Maria Souza ',
  payerDocument: '529.982.247-25',
  dueDate: '2026-12-10',
  ...over,
});

describe('the due-date fields of the new-charge form', () => {
  it('send only the payer, the due date and the validity when no term is chosen', () => {
    expect(dueDateInput(draft())).toEqual({
      ok: true,
      input: { dueDate: '2026-12-10', validityAfterDueDays: 30, customer: { name: 'Maria Souza', document: '529.982.247-25' } },
    });
  });

  it('turn reais into cents and percentages into hundredths of a percent, by modality', () => {
    const r = dueDateInput(
      draft({
        fine: { modality: 'PERCENT', value: '2,5' },
        interest: { modality: 'AMOUNT_PER_CALENDAR_DAY', value: '0,33' },
        abatement: { modality: 'FIXED', value: '1.234,56' },
        discount: { modality: 'PERCENT_PER_BUSINESS_DAY_EARLY', value: '0,1', dates: [] },
      }),
    );
    expect(r).toMatchObject({
      ok: true,
      input: {
        fine: { modality: 'PERCENT', value: 250 },
        interest: { modality: 'AMOUNT_PER_CALENDAR_DAY', value: 33 },
        abatement: { modality: 'FIXED', value: 123_456 },
        discount: { modality: 'PERCENT_PER_BUSINESS_DAY_EARLY', value: 10 },
      },
    });
  });

  it('send the dated discounts that were typed, and no empty row', () => {
    const dates = [
      { until: '2026-12-01', value: '10' },
      { until: '', value: '' },
      { until: '2026-12-05', value: '5,00' },
    ];
    expect(dueDateInput(draft({ discount: { modality: 'FIXED_UNTIL_DATES', value: '', dates } }))).toMatchObject({
      ok: true,
      input: { discount: { modality: 'FIXED_UNTIL_DATES', dates: [{ until: '2026-12-01', value: 1000 }, { until: '2026-12-05', value: 500 }] } },
    });
  });

  it('name the first field that is no amount or percentage', () => {
    expect(dueDateInput(draft({ validityAfterDueDays: 'x' }))).toEqual({ ok: false, code: 'INVALID_VALIDITY_AFTER_DUE_DAYS' });
    expect(dueDateInput(draft({ fine: { modality: 'FIXED', value: 'dez' } }))).toEqual({ ok: false, code: 'INVALID_FINE' });
    expect(dueDateInput(draft({ interest: { modality: 'PERCENT_PER_MONTH_CALENDAR_DAYS', value: '' } }))).toEqual({ ok: false, code: 'INVALID_INTEREST' });
    expect(dueDateInput(draft({ abatement: { modality: 'FIXED', value: '1,234' } }))).toEqual({ ok: false, code: 'INVALID_ABATEMENT' });
    expect(dueDateInput(draft({ discount: { modality: 'PERCENT_UNTIL_DATES', value: '', dates: [{ until: '', value: '2' }] } }))).toEqual({ ok: false, code: 'INVALID_DISCOUNT' });
    expect(dueDateInput(draft({ discount: { modality: 'FIXED_UNTIL_DATES', value: '', dates: [{ until: '', value: '' }] } }))).toEqual({ ok: false, code: 'INVALID_DISCOUNT' });
  });
});

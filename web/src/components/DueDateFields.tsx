import { CodeOptions, Field } from './ui';
import { DISCOUNT_MODALITIES, type DueDateDraft, FIXED_OR_PERCENT, INTEREST_MODALITIES, isDatedDiscount, isPercentModality, MAX_DISCOUNT_DATES, type TermDraft } from '../lib/due-date-form';
import { useI18n } from '../lib/i18n';
import type { CodeFamily } from '../lib/labels/code-labels';
import type { MessageKey } from '../lib/messages';

/**
 * The due-date part of the new-charge form: the payer, the due date and its validity,
 * then each term as a modality and a value, typed in reais or in percent as the modality says.
 */
export function DueDateFields({ draft, onChange }: { draft: DueDateDraft; onChange(next: DueDateDraft): void }) {
  const { t } = useI18n();
  const set = <K extends keyof DueDateDraft>(key: K, value: DueDateDraft[K]) => onChange({ ...draft, [key]: value });
  const dated = isDatedDiscount(draft.discount.modality);
  const setDate = (i: number, part: 'until' | 'value', value: string) =>
    set('discount', { ...draft.discount, dates: draft.discount.dates.map((d, j) => (j === i ? { ...d, [part]: value } : d)) });
  return (
    <fieldset className="due-date-fields" data-testid="due-date-fields">
      <legend>{t('withDueDate')}</legend>
      <div className="grid-form">
        <Field label={t('payerName')}>{(id) => <input id={id} required maxLength={200} autoComplete="off" value={draft.payerName} onChange={(e) => set('payerName', e.target.value)} />}</Field>
        <Field label={t('payerDocument')}>
          {(id) => <input id={id} required inputMode="numeric" maxLength={32} autoComplete="off" value={draft.payerDocument} onChange={(e) => set('payerDocument', e.target.value)} />}
        </Field>
        <Field label={t('dueDate')}>{(id) => <input id={id} type="date" required value={draft.dueDate} onChange={(e) => set('dueDate', e.target.value)} />}</Field>
        <Field label={t('validityAfterDueDays')}>
          {(id) => <input id={id} inputMode="numeric" value={draft.validityAfterDueDays} onChange={(e) => set('validityAfterDueDays', e.target.value)} />}
        </Field>
      </div>
      <div className="grid-form">
        <Term name="fine" family="DueDateFixedOrPercent" modalities={FIXED_OR_PERCENT} term={draft.fine} onChange={(v) => set('fine', v)} />
        <Term name="interest" family="DueDateInterest" modalities={INTEREST_MODALITIES} term={draft.interest} onChange={(v) => set('interest', v)} />
        <Term name="abatement" family="DueDateFixedOrPercent" modalities={FIXED_OR_PERCENT} term={draft.abatement} onChange={(v) => set('abatement', v)} />
        <Term name="discount" family="DueDateDiscount" modalities={DISCOUNT_MODALITIES} term={draft.discount} withValue={!dated} onChange={(v) => set('discount', { ...draft.discount, ...v })} />
      </div>
      {dated && (
        <div className="grid-form" data-testid="discount-dates">
          {draft.discount.dates.map((d, i) => (
            <div key={i} className="discount-date">
              <Field label={`${t('discountDateN')} ${i + 1}: ${t('discountUntil')}`}>{(id) => <input id={id} type="date" value={d.until} onChange={(e) => setDate(i, 'until', e.target.value)} />}</Field>
              <Field label={`${t('discount')} ${i + 1} (${isPercentModality(draft.discount.modality) ? '%' : 'R$'})`}>
                {(id) => <input id={id} inputMode="decimal" value={d.value} onChange={(e) => setDate(i, 'value', e.target.value)} />}
              </Field>
            </div>
          ))}
          {draft.discount.dates.length < MAX_DISCOUNT_DATES && (
            <button type="button" className="secondary small" onClick={() => set('discount', { ...draft.discount, dates: [...draft.discount.dates, { until: '', value: '' }] })}>
              + {t('discountDateN')}
            </button>
          )}
        </div>
      )}
    </fieldset>
  );
}

/** One term: its modality (none first) and, once one is chosen, its value with the unit the modality takes. */
function Term({ name, family, modalities, term, withValue = true, onChange }: { name: 'fine' | 'interest' | 'abatement' | 'discount'; family: CodeFamily; modalities: readonly string[]; term: TermDraft; withValue?: boolean; onChange(t: TermDraft): void }) {
  const { t } = useI18n();
  const title = t(name as MessageKey);
  return (
    <div className="due-date-term" data-term={name}>
      <Field label={title}>
        {(id) => (
          <select id={id} value={term.modality} onChange={(e) => onChange({ ...term, modality: e.target.value })}>
            <option value="">{t('none')}</option>
            <CodeOptions family={family} codes={modalities} />
          </select>
        )}
      </Field>
      {term.modality && withValue && (
        <Field label={`${title} (${isPercentModality(term.modality) ? '%' : 'R$'})`}>
          {(id) => <input id={id} inputMode="decimal" required value={term.value} onChange={(e) => onChange({ ...term, value: e.target.value })} />}
        </Field>
      )}
    </div>
  );
}

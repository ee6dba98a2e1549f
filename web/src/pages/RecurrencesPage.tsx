import { type FormEvent, useState } from 'react';
import { ChoiceFilter, CodeOptions, DataTable, ErrorMessage, Field, Loadable, Section, StatusBadge } from '../components/ui';
import { civilDate } from '../lib/civil-date';
import { ApiError, newIdempotencyKey } from '../lib/client';
import { graphql, readFragment } from '../lib/graphql';
import { useMutation, useQuery } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { emptyRecurrenceDraft, recurrenceInput, type RecurrenceDraft } from '../lib/recurrence-form';
import { RECURRENCE_AMOUNT_TYPES, RECURRENCE_JOURNEYS, RECURRENCE_PERIODS, RECURRENCE_RETRY_POLICIES, RECURRENCE_STATUSES, RecurrenceFields } from '../lib/recurrences';
import { href, navigate } from '../lib/router';
import { Pager } from './ChargesPage';

const PAGE = 20;

const Recurrences = graphql(
  `query Recurrences($take: Int, $skip: Int, $status: String) {
    recurrences(take: $take, skip: $skip, status: $status) { total items { ...RecurrenceFields } }
  }`,
  [RecurrenceFields],
);

const CreateRecurrence = graphql(
  `mutation CreateRecurrence($input: CreateRecurrenceInput!, $key: String!) { createRecurrence(input: $input, idempotencyKey: $key) { ...RecurrenceFields } }`,
  [RecurrenceFields],
);

/** PIX Automático: the seller's recurrences, newest first, and a form to ask a payer for a new one. */
export function RecurrencesPage() {
  const { t, money, locale, label } = useI18n();
  const [status, setStatus] = useState('');
  const [skip, setSkip] = useState(0);
  const list = useQuery(Recurrences, { take: PAGE, skip, status: status || null });
  const items = (list.data?.recurrences.items ?? []).map((i) => readFragment(RecurrenceFields, i));
  return (
    <>
      <h1 tabIndex={-1}>{t('recurrencesTitle')}</h1>
      <NewRecurrence />
      <Section title={t('recurrencesList')}>
        <div className="filters">
          <ChoiceFilter
            label={t('status')}
            value={status}
            choices={RECURRENCE_STATUSES}
            family="RecurrenceStatus"
            onChange={(s) => {
              setSkip(0);
              setStatus(s);
            }}
          />
        </div>
        <Loadable loading={list.loading} error={list.error} empty={!list.loading && items.length === 0} reload={list.reload}>
          <DataTable columns={[t('payer'), t('contractNumber'), t('period'), { label: t('total'), num: true }, t('status'), { label: t('details'), hidden: true }]}>
            {items.map((r) => (
              <tr key={r.id} data-recurrence={r.id}>
                <td>{r.payerName}</td>
                <td>{r.contractNumber}</td>
                <td>
                  {label('RecurrencePeriod', r.period)}
                  <br />
                  <small className="muted">
                    {civilDate(locale, r.firstDate)} – {r.lastDate ? civilDate(locale, r.lastDate) : t('untilCancelled')}
                  </small>
                </td>
                <td className="num">{r.amountType === 'FIXED' ? money(r.amount) : <span title={t('minimumAmount')}>{label('RecurrenceAmountType', 'VARIABLE')}</span>}</td>
                <td>
                  <StatusBadge status={r.status} family="RecurrenceStatus" />
                </td>
                <td>
                  <a href={href('recurrences', r.id)} aria-label={`${t('details')} ${r.contractNumber}`}>
                    {t('details')}
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager offset={skip} total={list.data?.recurrences.total ?? 0} size={PAGE} onChange={setSkip} />
        </Loadable>
      </Section>
    </>
  );
}

function NewRecurrence() {
  const { t } = useI18n();
  const create = useMutation(CreateRecurrence);
  const [draft, setDraft] = useState(emptyRecurrenceDraft);
  const [key, setKey] = useState(newIdempotencyKey);
  const [local, setLocal] = useState<string>();
  const set = <K extends keyof RecurrenceDraft>(k: K, v: RecurrenceDraft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const text = (k: keyof RecurrenceDraft, o: { required?: boolean; maxLength?: number; inputMode?: 'decimal' | 'numeric'; type?: string } = {}) => (id: string) => (
    <input id={id} required={o.required} maxLength={o.maxLength} inputMode={o.inputMode} type={o.type} autoComplete="off" value={draft[k]} onChange={(e) => set(k, e.target.value)} />
  );
  const choice = (k: keyof RecurrenceDraft, family: Parameters<typeof CodeOptions>[0]['family'], codes: readonly string[]) => (id: string) => (
    <select id={id} value={draft[k]} onChange={(e) => set(k, e.target.value)}>
      <CodeOptions family={family} codes={codes} />
    </select>
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = recurrenceInput(draft);
    if (!r.ok) {
      // A new mistake in the form replaces whatever the server said about the last attempt.
      create.reset();
      return setLocal(r.code);
    }
    setLocal(undefined);
    const answer = await create.run({ input: r.input, key });
    if (!answer) return;
    setKey(newIdempotencyKey());
    navigate('recurrences', readFragment(RecurrenceFields, answer.createRecurrence).id);
  };
  return (
    <Section title={t('newRecurrence')}>
      <form onSubmit={(e) => void submit(e)} className="grid-form" data-testid="new-recurrence">
        <Field label={t('payerName')}>{text('payerName', { required: true, maxLength: 140 })}</Field>
        <Field label={t('payerDocument')}>{text('payerDocument', { required: true, maxLength: 32, inputMode: 'numeric' })}</Field>
        <Field label={t('contractNumber')}>{text('contractNumber', { required: true, maxLength: 35 })}</Field>
        <Field label={t('contractObject')}>{text('contractObject', { maxLength: 35 })}</Field>
        <Field label={t('period')}>{choice('period', 'RecurrencePeriod', RECURRENCE_PERIODS)}</Field>
        <Field label={t('firstDate')}>{text('firstDate', { required: true, type: 'date' })}</Field>
        <Field label={t('lastDate')}>{text('lastDate', { type: 'date' })}</Field>
        <Field label={t('amountType')}>{choice('amountType', 'RecurrenceAmountType', RECURRENCE_AMOUNT_TYPES)}</Field>
        {draft.amountType === 'FIXED' ? (
          <Field label={t('amount')}>{text('amount', { required: true, inputMode: 'decimal' })}</Field>
        ) : (
          <Field label={t('minimumAmount')}>{text('minimumAmount', { inputMode: 'decimal' })}</Field>
        )}
        <Field label={t('retryPolicy')}>{choice('retryPolicy', 'RecurrenceRetryPolicy', RECURRENCE_RETRY_POLICIES)}</Field>
        <Field label={t('journey')}>{choice('journey', 'RecurrenceJourney', RECURRENCE_JOURNEYS)}</Field>
        {draft.journey === 'QR_WITH_FIRST_PAYMENT' && <Field label={t('firstPaymentAmount')}>{text('firstPaymentAmount', { required: true, inputMode: 'decimal' })}</Field>}
        <ErrorMessage error={local ? new ApiError(local, local) : create.error} />
        <button type="submit" disabled={create.busy}>
          {t('create')}
        </button>
      </form>
    </Section>
  );
}

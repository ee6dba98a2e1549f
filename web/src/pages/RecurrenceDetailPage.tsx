import { type FormEvent, useState } from 'react';
import { NextCycleAmountForm, type RecurrenceDetail } from '../components/NextCycleAmountForm';
import { PixCharge } from '../components/PixCharge';
import { RecurrenceCycles } from '../components/RecurrenceCycles';
import { RecurrencePayerSandbox } from '../components/RecurrencePayerSandbox';
import { ErrorMessage, Field, Loadable, Notice, Section, StatusBadge } from '../components/ui';
import { civilDate } from '../lib/civil-date';
import { graphql, readFragment, type ResultOf } from '../lib/graphql';
import { useMutation, useQuery } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { awaitsAuthorisation, cancellable, RecurrenceDetailFields, RecurrenceFields } from '../lib/recurrences';
import { href } from '../lib/router';
import { useSandbox } from '../lib/sandbox';

const Recurrence = graphql(`query Recurrence($id: ID!) { recurrence(id: $id) { ...RecurrenceDetailFields } }`, [RecurrenceDetailFields]);

const CancelRecurrence = graphql(
  `mutation CancelRecurrence($id: ID!, $reason: String) { cancelRecurrence(id: $id, reason: $reason) { ...RecurrenceDetailFields } }`,
  [RecurrenceDetailFields],
);

type Rec = ResultOf<typeof RecurrenceFields>;

/**
 * One recurrence: its contract and calendar, what the payer needs to authorise it while it
 * waits, its cycles, the next cycle's amount when it varies, and cancelling it; in the
 * sandbox, the payer's side one click away.
 */
export function RecurrenceDetailPage({ id }: { id: string }) {
  const { t, money, dateTime, label, locale } = useI18n();
  const q = useQuery(Recurrence, { id });
  const detail = q.data ? readFragment(RecurrenceDetailFields, q.data.recurrence) : undefined;
  const r = detail ? readFragment(RecurrenceFields, detail) : undefined;
  const replace = (next: RecurrenceDetail) => q.setData(() => ({ recurrence: next }));
  const sandbox = useSandbox();
  return (
    <>
      <p>
        <a href={href('recurrences')}>← {t('recurrencesTitle')}</a>
      </p>
      <h1 tabIndex={-1}>
        {t('recurrenceDetail')} <code>{r?.contractNumber ?? id}</code>
      </h1>
      <Loadable loading={q.loading} error={q.error} empty={!r} reload={q.reload}>
        {r && (
          <>
            <Section title={r.contractObject ?? r.contractNumber} actions={<StatusBadge status={r.status} family="RecurrenceStatus" />}>
              <dl className="facts" data-testid="recurrence-facts" data-status={r.status}>
                <dt>{t('payer')}</dt>
                <dd>
                  {r.payerName} <small className="muted">{r.payerDocument}</small>
                </dd>
                <dt>{t('period')}</dt>
                <dd>{label('RecurrencePeriod', r.period)}</dd>
                <dt>{t('firstDate')}</dt>
                <dd>{civilDate(locale, r.firstDate)}</dd>
                <dt>{t('lastDate')}</dt>
                <dd>{r.lastDate ? civilDate(locale, r.lastDate) : t('untilCancelled')}</dd>
                <dt>{t('amountType')}</dt>
                <dd>{label('RecurrenceAmountType', r.amountType)}</dd>
                <dt>{r.amountType === 'FIXED' ? t('cycleAmount') : t('cycleMinimum')}</dt>
                <dd>{money(r.amountType === 'FIXED' ? r.amount : r.minimumAmount)}</dd>
                <dt>{t('retryPolicy')}</dt>
                <dd>{label('RecurrenceRetryPolicy', r.retryPolicy)}</dd>
                <dt>{t('journey')}</dt>
                <dd>{label('RecurrenceJourney', r.journey)}</dd>
                <dt>{t('createdAt')}</dt>
                <dd>{dateTime(r.createdAt)}</dd>
                {r.approvedAt && (
                  <>
                    <dt>{t('approvedAt')}</dt>
                    <dd>{dateTime(r.approvedAt)}</dd>
                  </>
                )}
                {r.endedBy && (
                  <>
                    <dt>{t('endedBy')}</dt>
                    <dd>
                      {label('RecurrenceEndedBy', r.endedBy)}
                      {r.endReason && <> · {r.endReason}</>}
                    </dd>
                  </>
                )}
                <dt>{t('recId')}</dt>
                <dd>
                  <code>{r.recId}</code>
                </dd>
              </dl>
            </Section>
            <Authorisation recurrence={r} />
            {detail && (r.status === 'APPROVED' || detail.cycles.length > 0) && <RecurrenceCycles cycles={detail.cycles} />}
            {sandbox && detail && <RecurrencePayerSandbox id={r.id} status={r.status} cycles={detail.cycles} onDone={q.reload} />}
            {r.amountType === 'VARIABLE' && cancellable(r.status) && <NextCycleAmountForm id={r.id} onDone={replace} />}
            {cancellable(r.status) && <CancelForm id={r.id} onDone={replace} />}
          </>
        )}
      </Loadable>
    </>
  );
}

/** What the payer needs: the QR image and copy-and-paste code, the push request's status, the first payment's charge. */
function Authorisation({ recurrence: r }: { recurrence: Rec }) {
  const { t, label } = useI18n();
  const a = r.authorisation;
  const showQr = awaitsAuthorisation(r.status) && a.qrCode && a.copyPaste;
  return (
    <Section title={t('authorisation')}>
      <dl className="facts" hidden={!a.pushRequestStatus && !a.firstPaymentTransactionId && !!showQr}>
        {a.pushRequestStatus && (
          <>
            <dt>{t('pushRequestStatus')}</dt>
            <dd>
              <StatusBadge status={a.pushRequestStatus} family="RecurrencePushRequest" />
            </dd>
          </>
        )}
        {a.firstPaymentTransactionId && (
          <>
            <dt>{t('firstPayment')}</dt>
            <dd>
              <a href={href('charges', a.firstPaymentTransactionId)}>{a.firstPaymentTransactionId}</a>
            </dd>
          </>
        )}
        {!showQr && (
          <>
            <dt>{t('status')}</dt>
            <dd>{label('RecurrenceStatus', r.status)}</dd>
          </>
        )}
      </dl>
      {showQr && (
        <div data-testid="recurrence-qr">
          <p className="muted">{t('recurrenceQrHint')}</p>
          <PixCharge pix={{ qrCode: a.qrCode!, copyPaste: a.copyPaste!, expiresAt: a.expiresAt }} />
        </div>
      )}
    </Section>
  );
}

function CancelForm({ id, onDone }: { id: string; onDone(next: RecurrenceDetail): void }) {
  const { t } = useI18n();
  const cancel = useMutation(CancelRecurrence);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await cancel.run({ id, reason: reason.trim() || null });
    if (!r) return;
    setDone(true);
    onDone(r.cancelRecurrence);
  };
  return (
    <Section title={t('cancelRecurrence')}>
      <form onSubmit={(e) => void submit(e)} className="inline-form">
        <Field label={t('cancelReason')}>{(fid) => <input id={fid} maxLength={140} value={reason} onChange={(e) => setReason(e.target.value)} />}</Field>
        <button type="submit" className="danger" disabled={cancel.busy}>
          {t('cancelRecurrence')}
        </button>
      </form>
      <ErrorMessage error={cancel.error} />
      {done && <Notice>{t('recurrenceCancelled')}</Notice>}
    </Section>
  );
}

import { type FormEvent, useState } from 'react';
import { DeliveryTable, DeliveryFields } from '../components/Deliveries';
import { PixCharge } from '../components/PixCharge';
import { ErrorMessage, Field, Loadable, Notice, Section, StatusBadge } from '../components/ui';
import { ChargeFields, ChargeUpdated } from '../lib/charges';
import { disputeSteps } from '../lib/disputes';
import { newIdempotencyKey } from '../lib/client';
import { graphql, readFragment } from '../lib/graphql';
import { useMutation, useQuery, useSubscription } from '../lib/hooks';
import { useI18n } from '../lib/i18n';
import { parseReais } from '../lib/money';
import { href } from '../lib/router';

const Charge = graphql(
  `query Charge($id: ID!) {
    transaction(id: $id) { ...ChargeFields }
    webhookDeliveries(take: 100) { items { ...DeliveryFields } }
  }`,
  [ChargeFields, DeliveryFields],
);

const Refund = graphql(
  `mutation Refund($id: ID!, $amount: Cents, $key: String!) { refundTransaction(id: $id, amount: $amount, idempotencyKey: $key) { ...ChargeFields } }`,
  [ChargeFields],
);

const ChargeDispute = graphql(`query ChargeDispute($id: ID!) { dispute(id: $id) { id status createdAt appealedAt decidedAt } }`);

const REFUNDABLE = new Set(['PAID', 'PARTIALLY_REFUNDED']);

export function ChargeDetailPage({ id }: { id: string }) {
  const { t, money, dateTime } = useI18n();
  const q = useQuery(Charge, { id });
  useSubscription(ChargeUpdated, { id }, (d) => {
    q.setData((prev) => (prev ? { ...prev, transaction: d.transactionUpdated } : prev));
    q.reload();
    // A status change of the charge is also a step of its dispute (opened, appealed, decided).
    dispute.reload();
  });
  const c = q.data ? readFragment(ChargeFields, q.data.transaction) : undefined;
  const deliveries = (q.data?.webhookDeliveries.items ?? []).map((d) => readFragment(DeliveryFields, d)).filter((d) => d.resourceId === id);
  const disputeId = c?.disputeId ?? null;
  const dispute = useQuery(ChargeDispute, { id: disputeId ?? '' }, { skip: !disputeId });
  const disputeNow = disputeId && dispute.data?.dispute.id === disputeId ? dispute.data.dispute : undefined;
  // The timeline: creation, payment, every status event this charge emitted, and the steps
  // of its latest dispute as the dispute's own dates record them (oldest first).
  const events = [
    ...(c ? [{ at: c.createdAt, what: 'TRANSACTION_CREATED' }] : []),
    ...(c?.paidAt ? [{ at: c.paidAt, what: 'TRANSACTION_PAID' }] : []),
    ...deliveries.filter((d) => d.trigger === 'EVENT').map((d) => ({ at: d.createdAt, what: d.eventType })),
    ...(disputeNow ? disputeSteps(disputeNow).map((s) => ({ at: s.at, what: s.what })) : []),
    ...(c ? [{ at: c.updatedAt, what: `TRANSACTION_${c.status}` }] : []),
  ]
    .filter((e, i, all) => all.findIndex((x) => x.what === e.what) === i)
    .sort((a, b) => a.at.localeCompare(b.at));

  return (
    <>
      <p>
        <a href={href('charges')}>← {t('chargesTitle')}</a>
      </p>
      <h1 tabIndex={-1}>
        {t('chargeDetail')} <code>{id}</code>
      </h1>
      <Loadable loading={q.loading} error={q.error} empty={!c} reload={q.reload}>
        {c && (
          <>
            <Section title={c.description ?? c.id} actions={<StatusBadge status={c.status} />}>
              <dl className="facts">
                <dt>{t('total')}</dt>
                <dd>{money(c.amount)}</dd>
                <dt>{t('fee')}</dt>
                <dd>{money(c.feeAmount)}</dd>
                <dt>{t('net')}</dt>
                <dd>{money(c.netAmount)}</dd>
                <dt>{t('refunded')}</dt>
                <dd>{money(c.refundedAmount ?? 0)}</dd>
                <dt>{t('lastUpdate')}</dt>
                <dd>{dateTime(c.updatedAt)}</dd>
                {c.disputeId && (
                  <>
                    <dt>{t('disputeOfCharge')}</dt>
                    <dd>
                      <a href={href('disputes', c.disputeId)}>{t('viewDispute')}</a>
                      {disputeNow && <> <StatusBadge status={disputeNow.status} /></>}
                    </dd>
                  </>
                )}
                {c.end2endId && (
                  <>
                    <dt>end2endId</dt>
                    <dd>
                      <code>{c.end2endId}</code>
                    </dd>
                  </>
                )}
              </dl>
              <p>
                <a href={href('sandbox', c.id)}>{t('navSandbox')}: {t('payNow')} / {t('forceReport')}</a>
              </p>
              {c.pix && !['PAID', 'REFUNDED', 'PARTIALLY_REFUNDED'].includes(c.status) && <PixCharge pix={c.pix} />}
            </Section>
            <Section title={t('timeline')}>
              <ol className="timeline">
                {events.map((e) => (
                  <li key={e.what}>
                    <time dateTime={e.at}>{dateTime(e.at)}</time> <StatusBadge status={e.what.replace(/^TRANSACTION_/, '')} />
                  </li>
                ))}
              </ol>
            </Section>
            {REFUNDABLE.has(c.status) && <RefundForm id={c.id} onDone={q.reload} />}
            <Section title={t('deliveriesOfCharge')}>
              <DeliveryTable deliveries={deliveries} />
            </Section>
          </>
        )}
      </Loadable>
    </>
  );
}

function RefundForm({ id, onDone }: { id: string; onDone(): void }) {
  const { t } = useI18n();
  const refund = useMutation(Refund);
  const [amount, setAmount] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState(false);
  const [local, setLocal] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = amount ? parseReais(amount) : null;
    setLocal(amount !== '' && cents === null);
    if (amount !== '' && cents === null) return;
    const r = await refund.run({ id, amount: cents, key });
    if (!r) return;
    setDone(true);
    setKey(newIdempotencyKey());
    setAmount('');
    onDone();
  };
  return (
    <Section title={t('refund')}>
      <form onSubmit={(e) => void submit(e)} className="inline-form">
        <Field label={t('refundAmount')}>{(fid) => <input id={fid} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}</Field>
        <button type="submit" className="danger" disabled={refund.busy}>
          {t('refund')}
        </button>
      </form>
      {local && (
        <p className="error" role="alert">
          <code>INVALID_AMOUNT</code>
        </p>
      )}
      <ErrorMessage error={refund.error} />
      {done && <Notice>{t('refundDone')}</Notice>}
    </Section>
  );
}
